import { createSign } from 'node:crypto';
import { admin_directory_v1, auth } from '@googleapis/admin';
import { GOOGLE_SCOPES } from '@vigil/shared';
import {
  DirectoryError,
  fetchWithRetry,
  isThrottled,
  waitRetryAfter,
  type DirectorySource,
  type DirectoryUser,
} from './directory.source.ts';

/** Tries of one call the directory throttles (the first included), as fetchWithRetry. */
const THROTTLE_TRIES = 5;

/** Retry-After of a client error's response: a Headers object (gaxios 7 and later) or a plain record. */
const retryAfterOf = (headers: unknown): string | null =>
  typeof (headers as Headers | undefined)?.get === 'function'
    ? (headers as Headers).get('retry-after')
    : (((headers ?? {}) as Record<string, string | undefined>)['retry-after'] ?? null);

export interface GoogleCredentials {
  clientEmail: string;
  privateKey: string;
  /** The Workspace admin the service account acts as (domain-wide delegation). */
  adminEmail: string;
  customer: string;
}

export interface GoogleEndpoints {
  /** GOOGLE_API_URL: the Admin SDK's root, e.g. https://admin.googleapis.com/ */
  apiUrl: string;
  /** GOOGLE_TOKEN_URL: e.g. https://oauth2.googleapis.com/token */
  tokenUrl: string;
}

/** The token endpoint a service account's assertion names as audience (Google checks it). */
const GOOGLE_AUDIENCE = 'https://oauth2.googleapis.com/token';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A signed service-account assertion (RFC 7523), acting as the admin (sub). */
function assertion(c: GoogleCredentials): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({
      iss: c.clientEmail,
      sub: c.adminEmail,
      scope: GOOGLE_SCOPES.join(' '),
      aud: GOOGLE_AUDIENCE,
      iat: now,
      exp: now + 3600,
    }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${signer.sign(c.privateKey).toString('base64url')}`;
}

/** users.organizations is typed any: the primary organisation's department, else the first one's. */
function departmentOf(organizations: unknown): string {
  if (!Array.isArray(organizations)) return '';
  const orgs = organizations as { primary?: boolean; department?: string }[];
  return (orgs.find((o) => o.primary) ?? orgs[0])?.department ?? '';
}

/** A Google API error ({error:{code,message,errors}}) or a token refusal ({error, error_description}). */
function refusal(err: unknown, what: string): DirectoryError {
  if (err instanceof DirectoryError) return err;
  const e = err as {
    status?: number;
    code?: number | string;
    message?: string;
    response?: { data?: unknown };
  };
  const data = e.response?.data as { error?: { message?: string; status?: string } } | undefined;
  const message = data?.error?.message ?? e.message ?? 'Unknown error';
  return new DirectoryError(
    `${what}: ${message}`,
    Number(e.status ?? e.code) || 500,
    data?.error?.status ?? String(e.code ?? 'error'),
    JSON.stringify(data ?? { message }).slice(0, 2000),
  );
}

/**
 * Google Workspace through the Admin SDK Directory API (@googleapis/admin, rootUrl from GOOGLE_API_URL):
 * a service account with domain-wide delegation signs an assertion as the admin and trades it at
 * GOOGLE_TOKEN_URL for an access token; groups.list and members.list are read page by page
 * (pageToken/nextPageToken), and each member once with users.get (name, department, suspended).
 */
export function googleSource(credentials: GoogleCredentials, endpoints: GoogleEndpoints): DirectorySource {
  const oauth = new auth.OAuth2({});
  let expires = 0;
  const api = new admin_directory_v1.Admin({
    auth: oauth,
    rootUrl: endpoints.apiUrl.replace(/\/*$/, '/'),
    // Server errors are retried by the client; throttling (429, 503) by `call`, which honours Retry-After.
    retry: true,
    retryConfig: {
      retry: 4,
      statusCodesToRetry: [
        [500, 502],
        [504, 599],
      ],
    },
  });
  /** Each person read once, also when groups read at the same time share them. */
  const users = new Map<string, Promise<DirectoryUser | null>>();

  /** A sign-in under way, shared by the group reads running at the same time. */
  let signingIn: Promise<void> | null = null;

  async function signIn(): Promise<void> {
    if (expires > Date.now() + 60_000) return;
    signingIn ??= trade().finally(() => (signingIn = null));
    return signingIn;
  }

  async function trade(): Promise<void> {
    const response = await fetchWithRetry(endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: assertion(credentials),
      }).toString(),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 300);
      try {
        const body = JSON.parse(text) as { error?: string; error_description?: string };
        message = body.error_description ?? body.error ?? message;
      } catch {
        // not JSON
      }
      throw new DirectoryError(`Sign-in failed: ${message}`, response.status, 'token', text.slice(0, 2000));
    }
    const body = JSON.parse(text) as { access_token: string; expires_in?: number };
    expires = Date.now() + (body.expires_in ?? 3600) * 1000;
    oauth.setCredentials({ access_token: body.access_token, expiry_date: expires });
  }

  /** A call with a valid token; an expired one (401) is traded again once. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    await signIn();
    try {
      return await throttled(run);
    } catch (err) {
      if ((err as { status?: number }).status === 401) {
        expires = 0;
        await signIn();
        try {
          return await throttled(run);
        } catch (again) {
          throw refusal(again, what);
        }
      }
      throw refusal(err, what);
    }
  }

  /** Runs a call again after a 429 or 503, waiting its Retry-After, up to THROTTLE_TRIES times in all. */
  async function throttled<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (err) {
        const e = err as { status?: number; response?: { headers?: unknown } };
        if (!isThrottled(e.status) || attempt >= THROTTLE_TRIES) throw err;
        await waitRetryAfter(retryAfterOf(e.response?.headers), attempt);
      }
    }
  }

  function user(id: string, email: string, status: string | null | undefined): Promise<DirectoryUser | null> {
    let found = users.get(id);
    if (!found) users.set(id, (found = readUser(id, email, status)));
    return found;
  }

  async function readUser(
    id: string,
    email: string,
    status: string | null | undefined,
  ): Promise<DirectoryUser | null> {
    const u = await call('Google refused', async () => (await api.users.get({ userKey: id })).data).catch(
      (err: DirectoryError) => {
        if (err.status === 404) return null;
        throw err;
      },
    );
    return u
      ? {
          id,
          email: (u.primaryEmail ?? email).toLowerCase(),
          name: u.name?.fullName ?? '',
          department: departmentOf(u.organizations),
          enabled: !u.suspended && status !== 'SUSPENDED' && !u.archived,
        }
      : null;
  }

  return {
    async test() {
      await call('Google refused', () => api.groups.list({ customer: credentials.customer, maxResults: 1 }));
    },

    async listGroups({ search, next, top }) {
      const data = await call(
        'Google refused',
        async () =>
          (
            await api.groups.list({
              customer: credentials.customer,
              maxResults: Math.min(top, 200),
              ...(next ? { pageToken: next } : {}),
              ...(search ? { query: `name:'${search.replace(/'/g, '')}'*` } : {}),
            })
          ).data,
      );
      return {
        groups: (data.groups ?? []).map((g) => ({
          id: g.id!,
          displayName: g.name ?? g.email ?? g.id!,
          email: g.email ?? null,
          usersCount: g.directMembersCount ? Number(g.directMembersCount) : null,
        })),
        next: data.nextPageToken ?? null,
      };
    },

    async membersOf(groupId) {
      const found: DirectoryUser[] = [];
      let pageToken: string | undefined;
      do {
        const data = await call(
          'Google refused',
          async () =>
            (
              await api.members.list({
                groupKey: groupId,
                maxResults: 200,
                includeDerivedMembership: true,
                ...(pageToken ? { pageToken } : {}),
              })
            ).data,
        );
        for (const m of data.members ?? []) {
          if (m.type !== 'USER' || !m.id) continue;
          const u = await user(m.id, m.email ?? '', m.status);
          if (u) found.push(u);
        }
        pageToken = data.nextPageToken ?? undefined;
      } while (pageToken);
      return found;
    },
  };
}
