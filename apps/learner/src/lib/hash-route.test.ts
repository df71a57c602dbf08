import { describe, expect, it } from 'vitest';
import { HOME, isPublicRoute, parseRoute, routeHref, type Route } from './hash-route.ts';

describe('hash routes', () => {
  it('round-trips a subject route', () => {
    const route = {
      name: 'subject',
      trainingId: 'c0ffee00-0000-4000-8000-000000000001',
      subjectId: 'clean desk/2',
    } as const;
    expect(parseRoute(routeHref(route))).toEqual(route);
  });

  it('treats the empty, root and unknown fragments as home', () => {
    expect(parseRoute('')).toEqual(HOME);
    expect(parseRoute('#/')).toEqual(HOME);
    expect(parseRoute('#/nowhere')).toEqual(HOME);
    expect(parseRoute('#/trainings/1/subjects/%E0%A4%A')).toEqual(HOME);
    expect(routeHref(HOME)).toBe('#/');
  });

  it('accepts a trailing slash', () => {
    expect(parseRoute('#/trainings/a/subjects/b/')).toEqual({
      name: 'subject',
      trainingId: 'a',
      subjectId: 'b',
    });
  });
});

describe('assessment, access and demo routes', () => {
  const routes: Route[] = [
    { name: 'assessment', assessmentId: 'c0ffee00-0000-4000-8000-000000000002' },
    { name: 'access', assessmentId: 'a 1', companyId: 'c0ffee00-0000-4000-8000-000000000003' },
    { name: 'demoAssessment', companyUid: 'uid-1' },
    { name: 'demoTraining', companyUid: 'uid-2' },
  ];

  it('round-trips each route', () => {
    for (const route of routes) expect(parseRoute(routeHref(route))).toEqual(route);
  });

  it('reads the shared access link with its company, and needs it', () => {
    expect(parseRoute('#/access/a1?o=co1&sso=1')).toEqual({
      name: 'access',
      assessmentId: 'a1',
      companyId: 'co1',
      sso: true,
    });
    expect(parseRoute('#/access/a1?o=co1')).toEqual({ name: 'access', assessmentId: 'a1', companyId: 'co1' });
    expect(parseRoute('#/access/a1')).toEqual(HOME);
  });

  it('opens only the access link and the demos without a sign-in', () => {
    expect(routes.filter(isPublicRoute).map((r) => r.name)).toEqual([
      'access',
      'demoAssessment',
      'demoTraining',
    ]);
    expect(isPublicRoute(HOME)).toBe(false);
  });

  it('treats malformed assessment paths as home', () => {
    expect(parseRoute('#/assessments/')).toEqual(HOME);
    expect(parseRoute('#/assessments/a/b')).toEqual(HOME);
    expect(parseRoute('#/demo/assessment')).toEqual(HOME);
  });
});
