import { PublicNotification } from '@vigil/shared';

/** The public notification file, served at the site's root (spec 1 §3, §7). */
export const NOTIFICATION_URL = '/notification.json';

/** The notification to show: a valid file whose status is 'active'; null otherwise. */
export function activeNotification(payload: unknown): PublicNotification | null {
  const parsed = PublicNotification.safeParse(payload);
  if (!parsed.success) {
    console.warn('The public notification file is not valid', parsed.error.issues);
    return null;
  }
  return parsed.data.status === 'active' && parsed.data.message.trim() ? parsed.data : null;
}

/**
 * Loads the file. No file (404) means no notification; any other failure is only logged (spec 1 §8),
 * so the banner never turns into an error for the user.
 */
export async function fetchPublicNotification(signal?: AbortSignal): Promise<PublicNotification | null> {
  try {
    const response = await fetch(NOTIFICATION_URL, { signal, headers: { Accept: 'application/json' } });
    // No file: a 404, or the app's own page where a server answers unknown paths with it.
    if (response.status === 404 || !response.headers.get('content-type')?.includes('json')) return null;
    if (!response.ok) {
      console.warn(`The public notification could not be loaded (${response.status})`);
      return null;
    }
    return activeNotification(await response.json());
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError'))
      console.warn('The public notification could not be loaded', error);
    return null;
  }
}

export const NOTIFICATION_COLORS: Record<PublicNotification['type'], string> = {
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};
