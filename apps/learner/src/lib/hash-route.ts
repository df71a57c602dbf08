/** The app's pages, kept in the URL fragment so that reloads and the back button work. */
export type Route =
  | { name: 'home' }
  | { name: 'subject'; trainingId: string; subjectId: string }
  | { name: 'assessment'; assessmentId: string }
  | { name: 'access'; assessmentId: string; companyId: string; sso?: true }
  | { name: 'demoAssessment'; companyUid: string }
  | { name: 'demoTraining'; companyUid: string };

export const HOME: Route = { name: 'home' };

/** Pages anyone can open, without the personal link's token. */
export type PublicRoute = Extract<Route, { name: 'access' | 'demoAssessment' | 'demoTraining' }>;

export const isPublicRoute = (route: Route): route is PublicRoute =>
  route.name === 'access' || route.name === 'demoAssessment' || route.name === 'demoTraining';

function decode(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment);
    return value.trim() ? value : null;
  } catch {
    return null;
  }
}

/** The path and query of a fragment: `#/access/1?o=2` → ['access', '1'] and o=2. */
function splitFragment(hash: string): { segments: string[]; query: URLSearchParams } | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.startsWith('/')) return null;
  const [path = '', query = ''] = fragment.split('?', 2);
  const raw = path.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));
  const segments: string[] = [];
  for (const segment of raw) {
    const value = decode(segment);
    if (value === null) return null;
    segments.push(value);
  }
  return { segments, query: new URLSearchParams(query) };
}

/** The route of a fragment; anything unknown is the home page. */
export function parseRoute(hash: string): Route {
  const parts = splitFragment(hash);
  if (!parts) return HOME;
  const { segments: s, query } = parts;
  if (s.length === 4 && s[0] === 'trainings' && s[2] === 'subjects')
    return { name: 'subject', trainingId: s[1]!, subjectId: s[3]! };
  if (s.length === 2 && s[0] === 'assessments') return { name: 'assessment', assessmentId: s[1]! };
  if (s.length === 2 && s[0] === 'access') {
    const companyId = query.get('o')?.trim();
    if (!companyId) return HOME;
    // &sso=1: the company signs its people in with its identity provider (spec 3 §9).
    return query.get('sso') === '1'
      ? { name: 'access', assessmentId: s[1]!, companyId, sso: true }
      : { name: 'access', assessmentId: s[1]!, companyId };
  }
  if (s.length === 3 && s[0] === 'demo' && s[1] === 'assessment')
    return { name: 'demoAssessment', companyUid: s[2]! };
  if (s.length === 3 && s[0] === 'demo' && s[1] === 'training')
    return { name: 'demoTraining', companyUid: s[2]! };
  return HOME;
}

const e = encodeURIComponent;

/** The fragment link of a route, for `<a href>`. */
export function routeHref(route: Route): string {
  switch (route.name) {
    case 'home':
      return '#/';
    case 'subject':
      return `#/trainings/${e(route.trainingId)}/subjects/${e(route.subjectId)}`;
    case 'assessment':
      return `#/assessments/${e(route.assessmentId)}`;
    case 'access':
      return `#/access/${e(route.assessmentId)}?o=${e(route.companyId)}${route.sso ? '&sso=1' : ''}`;
    case 'demoAssessment':
      return `#/demo/assessment/${e(route.companyUid)}`;
    case 'demoTraining':
      return `#/demo/training/${e(route.companyUid)}`;
  }
}

/** A key that changes when another page is shown (and only then). */
export const routeKey = (route: Route): string => routeHref(route);
