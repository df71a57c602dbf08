/** The app's two pages, kept in the URL fragment so that reloads and the back button work. */
export type Route = { name: 'home' } | { name: 'subject'; trainingId: string; subjectId: string };

export const HOME: Route = { name: 'home' };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The route of a fragment; anything unknown is the home page. */
export function parseRoute(hash: string): Route {
  const match = /^#?\/trainings\/([^/]+)\/subjects\/([^/]+)\/?$/.exec(hash);
  if (!match) return HOME;
  const trainingId = decode(match[1]!);
  const subjectId = decode(match[2]!);
  return trainingId && subjectId ? { name: 'subject', trainingId, subjectId } : HOME;
}

/** The fragment link of a route, for `<a href>`. */
export function routeHref(route: Route): string {
  if (route.name === 'home') return '#/';
  return `#/trainings/${encodeURIComponent(route.trainingId)}/subjects/${encodeURIComponent(route.subjectId)}`;
}
