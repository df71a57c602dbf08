import { describe, expect, it } from 'vitest';
import { HOME, parseRoute, routeHref } from './hash-route.ts';

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
