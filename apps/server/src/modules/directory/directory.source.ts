/**
 * A directory source: what the sync engine needs of Azure AD, Google Workspace or any other directory.
 * An adapter turns the directory's API into these shapes; the engine (directory.engine.ts) never sees
 * the API. A new source implements this interface and is named in directory.sources.ts.
 */

export interface DirectoryGroupEntry {
  id: string;
  displayName: string;
  email: string | null;
  usersCount: number | null;
}

export interface DirectoryUser {
  /** The person's id in the directory. */
  id: string;
  /** Lowercased; Azure's mail, else userPrincipalName; Google's primaryEmail. */
  email: string;
  name: string;
  department: string;
  /** False for a disabled (Azure accountEnabled false) or suspended (Google) account. */
  enabled: boolean;
}

export interface GroupsPage {
  groups: DirectoryGroupEntry[];
  /** Continues the listing (Azure: the nextLink; Google: the pageToken); null on the last page. */
  next: string | null;
}

export interface DirectorySource {
  /** Signs in and reads one group: throws a DirectoryError saying what the directory answered. */
  test(): Promise<void>;
  /** A page of groups, optionally searched by name. */
  listGroups(query: {
    search?: string | undefined;
    next?: string | undefined;
    top: number;
  }): Promise<GroupsPage>;
  /** Everyone in the group (nested groups included where the directory can), every page read. */
  membersOf(groupId: string): Promise<DirectoryUser[]>;
}

/** What a directory answered when it refused: its status, code and message, for 'Show details'. */
export class DirectoryError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details: string,
  ) {
    super(message);
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * fetch with the directories' throttling rule: a 429 (or 503) with Retry-After waits that many seconds
 * (at most 30) and tries again, up to `tries` times in all.
 */
export async function fetchWithRetry(url: string, init: RequestInit, tries = 5): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    if (!isThrottled(response.status) || attempt >= tries) return response;
    await response.body?.cancel();
    await waitRetryAfter(response.headers.get('retry-after'), attempt);
  }
}

/** A directory's "slow down" answers: 429 Too Many Requests, 503 Service Unavailable. */
export const isThrottled = (status: number | undefined) => status === 429 || status === 503;

/** Waits what Retry-After (seconds) says, at most 30 s; without it 2, 4, 8 … s by attempt. */
export function waitRetryAfter(retryAfter: string | null | undefined, attempt: number): Promise<void> {
  const after =
    retryAfter === null || retryAfter === undefined || retryAfter === '' ? NaN : Number(retryAfter);
  return pause(Math.min(Number.isFinite(after) && after >= 0 ? after : 2 ** attempt, 30) * 1000);
}
