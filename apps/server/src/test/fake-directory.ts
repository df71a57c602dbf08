import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Microsoft's sign-in and Graph and for Google's token endpoint and Admin SDK
 * Directory API, answering with their documented shapes: client-credentials and JWT-bearer tokens,
 * /v1.0/groups ($top, $search only with ConsistencyLevel: eventual, paging by @odata.nextLink),
 * /v1.0/groups/{id}/transitiveMembers (department only when $select names it, mail may be null),
 * groups.list / members.list / users.get (pageToken, nextPageToken), errors as {error:{code,message}},
 * 429 with Retry-After, and expired tokens (401 InvalidAuthenticationToken). The API tests, the
 * directory bench and the browser journey start it:
 *
 *   const fake = await startFakeDirectory();
 *   // MICROSOFT_LOGIN_URL = MICROSOFT_GRAPH_URL = fake.url
 *   // GOOGLE_API_URL = fake.googleApiUrl, GOOGLE_TOKEN_URL = fake.googleTokenUrl
 */

export interface FakeUser {
  id: string;
  name: string;
  email: string;
  department: string;
  enabled: boolean;
  /** Azure: no mail (the app must use userPrincipalName). */
  noMail?: boolean;
}

export interface FakeGroup {
  id: string;
  name: string;
  email: string;
  /** Member user ids, and nested group ids (transitiveMembers / derived membership follow them). */
  members: string[];
}

export interface FakeDirectory {
  url: string;
  googleApiUrl: string;
  googleTokenUrl: string;
  /** The Azure app that may sign in. */
  azure: { tenant: string; clientId: string; clientSecret: string };
  /** A service account key the fake accepts (any RS256-looking assertion from it is accepted). */
  googleKey: string;
  users: Map<string, FakeUser>;
  groups: Map<string, FakeGroup>;
  /** Every request the fake answered, newest last: method and URL. */
  calls: { method: string; url: string; headers: Record<string, string | string[] | undefined> }[];
  addUser(user: Partial<FakeUser> & { email: string }): FakeUser;
  addGroup(name: string, memberIds?: string[], id?: string): FakeGroup;
  /** Fills the directory: `users` people spread over `groups` groups (user i in group i mod groups). */
  seed(users: number, groups: number): void;
  /** The next `n` Graph/Admin calls answer 429 with Retry-After `seconds`. */
  throttle(n: number, seconds?: number): void;
  /** Every call from now on answers after `ms` milliseconds, as a directory far away does (0: at once). */
  slowDown(ms: number): void;
  /** Every token handed out so far is expired from now on. */
  expireTokens(): void;
  /** The next `n` data calls answer this status and error. */
  failNext(n: number, status: number, code: string, message: string): void;
  /** Graph and Google page sizes (defaults 100 and 200). */
  pageSize: { azure: number; google: number };
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });

export async function startFakeDirectory(options: { port?: number } = {}): Promise<FakeDirectory> {
  const users = new Map<string, FakeUser>();
  const groups = new Map<string, FakeGroup>();
  const tokens = new Map<string, number>();
  const calls: FakeDirectory['calls'] = [];
  let throttled = 0;
  let retryAfter = 0;
  let latency = 0;
  let failures: { n: number; status: number; code: string; message: string } = {
    n: 0,
    status: 500,
    code: '',
    message: '',
  };
  let sequence = 0;
  const nextId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

  const fake: Omit<FakeDirectory, 'url' | 'googleApiUrl' | 'googleTokenUrl' | 'close'> = {
    azure: { tenant: 'contoso.onmicrosoft.com', clientId: 'fake-client-id', clientSecret: 'fake-secret' },
    googleKey: JSON.stringify({
      type: 'service_account',
      client_email: 'vigil-sync@fake-project.iam.gserviceaccount.com',
      client_id: '1234567890',
      private_key: FAKE_PRIVATE_KEY,
    }),
    users,
    groups,
    calls,
    pageSize: { azure: 100, google: 200 },
    addUser(u) {
      const user: FakeUser = {
        id: u.id ?? nextId(),
        name: u.name ?? u.email.split('@')[0]!,
        email: u.email.toLowerCase(),
        department: u.department ?? '',
        enabled: u.enabled ?? true,
        ...(u.noMail ? { noMail: true } : {}),
      };
      users.set(user.id, user);
      return user;
    },
    addGroup(name, memberIds = [], id) {
      const group: FakeGroup = {
        id: id ?? nextId(),
        name,
        email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@contoso.example`,
        members: [...memberIds],
      };
      groups.set(group.id, group);
      return group;
    },
    seed(userCount, groupCount) {
      const made: FakeGroup[] = [];
      for (let g = 0; g < groupCount; g++)
        made.push(fake.addGroup(`Group ${String(g + 1).padStart(4, '0')}`));
      for (let i = 0; i < userCount; i++) {
        const u = fake.addUser({
          email: `user${i + 1}@contoso.example`,
          name: `User ${i + 1}`,
          department: `Dept ${(i % 20) + 1}`,
        });
        made[i % groupCount]!.members.push(u.id);
      }
    },
    throttle(n, seconds = 0) {
      throttled = n;
      retryAfter = seconds;
    },
    slowDown(ms) {
      latency = ms;
    },
    expireTokens() {
      for (const key of tokens.keys()) tokens.set(key, 0);
    },
    failNext(n, status, code, message) {
      failures = { n, status, code, message };
    },
  };

  /** Users of a group, nested groups followed (transitive). */
  const membersOf = (group: FakeGroup, seen = new Set<string>()): FakeUser[] => {
    const out: FakeUser[] = [];
    for (const id of group.members) {
      if (seen.has(id)) continue;
      seen.add(id);
      const user = users.get(id);
      if (user) out.push(user);
      const nested = groups.get(id);
      if (nested) out.push(...membersOf(nested, seen));
    }
    return out;
  };

  const issue = () => {
    const token = randomBytes(16).toString('hex');
    tokens.set(token, Date.now() + 3600_000);
    return token;
  };

  /** Bearer check, throttling and staged failures; answers and returns false when the call stops here. */
  const gate = (req: IncomingMessage, res: ServerResponse, google: boolean): boolean => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const expires = tokens.get(token);
    if (!expires || expires < Date.now()) {
      if (google)
        json(res, 401, {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        });
      else
        json(res, 401, {
          error: {
            code: 'InvalidAuthenticationToken',
            message: 'Access token has expired or is not yet valid.',
          },
        });
      return false;
    }
    if (throttled > 0) {
      throttled--;
      json(
        res,
        429,
        google
          ? { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } }
          : { error: { code: 'TooManyRequests', message: 'Too many requests.' } },
        { 'retry-after': String(retryAfter) },
      );
      return false;
    }
    if (failures.n > 0) {
      failures.n--;
      json(
        res,
        failures.status,
        google
          ? { error: { code: failures.status, message: failures.message, status: failures.code } }
          : { error: { code: failures.code, message: failures.message } },
      );
      return false;
    }
    return true;
  };

  const page = <T>(items: T[], offset: number, size: number) => ({
    items: items.slice(offset, offset + size),
    next: offset + size < items.length ? offset + size : null,
  });

  const server = createServer(async (req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const url = new URL(req.url ?? '/', base);
    calls.push({ method: req.method ?? 'GET', url: url.pathname + url.search, headers: req.headers });
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    const path = url.pathname;

    // Microsoft identity platform: client credentials.
    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (req.method === 'POST' && tokenPath) {
      const form = new URLSearchParams(await readBody(req));
      if (decodeURIComponent(tokenPath[1]!) !== fake.azure.tenant)
        return json(res, 400, {
          error: 'invalid_request',
          error_description: `AADSTS90002: Tenant '${tokenPath[1]}' not found.`,
        });
      if (form.get('client_id') !== fake.azure.clientId)
        return json(res, 400, {
          error: 'unauthorized_client',
          error_description: `AADSTS700016: Application with identifier '${form.get('client_id')}' was not found in the directory.`,
        });
      if (form.get('client_secret') !== fake.azure.clientSecret)
        return json(res, 401, {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.',
        });
      return json(res, 200, { token_type: 'Bearer', expires_in: 3599, access_token: issue() });
    }

    // Google OAuth: a service account's JWT-bearer assertion.
    if (req.method === 'POST' && path === '/google/token') {
      const form = new URLSearchParams(await readBody(req));
      const assertion = form.get('assertion') ?? '';
      const claims = JSON.parse(
        Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString() || '{}',
      ) as {
        iss?: string;
        sub?: string;
      };
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !claims.iss)
        return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      if (!claims.sub)
        return json(res, 401, {
          error: 'unauthorized_client',
          error_description: 'Client is unauthorized to retrieve access tokens using this method.',
        });
      return json(res, 200, { access_token: issue(), expires_in: 3599, token_type: 'Bearer' });
    }

    // Microsoft Graph.
    if (req.method === 'GET' && path.startsWith('/v1.0/')) {
      if (!gate(req, res, false)) return;
      const offset = Number(url.searchParams.get('$skiptoken') ?? 0);
      if (path === '/v1.0/groups') {
        const top = Math.min(Number(url.searchParams.get('$top') ?? 100), 999);
        let list = [...groups.values()];
        const search = url.searchParams.get('$search');
        if (search) {
          if (req.headers.consistencylevel !== 'eventual')
            return json(res, 400, {
              error: {
                code: 'Request_UnsupportedQuery',
                message:
                  "Request with $search query parameter only works through MSGraph with a special request header: 'ConsistencyLevel: eventual'",
              },
            });
          const term = /displayName:([^"]*)/.exec(search)?.[1]?.toLowerCase() ?? '';
          list = list.filter((g) => g.name.toLowerCase().includes(term));
        } else list.sort((a, b) => a.name.localeCompare(b.name));
        const { items, next } = page(list, offset, top);
        const nextUrl = new URL(url);
        nextUrl.searchParams.set('$skiptoken', String(next));
        return json(res, 200, {
          '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#groups(id,displayName,mail)',
          ...(search ? { '@odata.count': list.length } : {}),
          value: items.map((g) => ({ id: g.id, displayName: g.name, mail: g.email })),
          ...(next !== null ? { '@odata.nextLink': nextUrl.toString() } : {}),
        });
      }
      const members = /^\/v1\.0\/groups\/([^/]+)\/transitiveMembers$/.exec(path);
      if (members) {
        const group = groups.get(decodeURIComponent(members[1]!));
        if (!group)
          return json(res, 404, {
            error: { code: 'Request_ResourceNotFound', message: `Resource '${members[1]}' does not exist.` },
          });
        const select = (url.searchParams.get('$select') ?? '').split(',');
        const size = Math.min(Number(url.searchParams.get('$top') ?? 100), fake.pageSize.azure);
        const nested = group.members.filter((id) => groups.has(id)).map((id) => groups.get(id)!);
        const all = [
          ...membersOf(group).map((u) => ({
            '@odata.type': '#microsoft.graph.user',
            id: u.id,
            displayName: u.name,
            mail: u.noMail ? null : u.email,
            userPrincipalName: u.email,
            accountEnabled: u.enabled,
            ...(select.includes('department') ? { department: u.department || null } : {}),
          })),
          ...nested.map((g) => ({ '@odata.type': '#microsoft.graph.group', id: g.id, displayName: g.name })),
        ];
        const { items, next } = page(all, offset, size);
        const nextUrl = new URL(url);
        nextUrl.searchParams.set('$skiptoken', String(next));
        return json(res, 200, {
          value: items,
          ...(next !== null ? { '@odata.nextLink': nextUrl.toString() } : {}),
        });
      }
      return json(res, 404, { error: { code: 'Request_ResourceNotFound', message: 'Not found.' } });
    }

    // Google Admin SDK Directory API.
    if (req.method === 'GET' && path.startsWith('/admin/directory/v1/')) {
      if (!gate(req, res, true)) return;
      const rest = path.slice('/admin/directory/v1/'.length);
      const offset = Number(url.searchParams.get('pageToken') ?? 0);
      if (rest === 'groups') {
        const size = Math.min(Number(url.searchParams.get('maxResults') ?? 200), 200);
        let list = [...groups.values()].sort((a, b) => a.email.localeCompare(b.email));
        const query = /name:'([^']*)'/.exec(url.searchParams.get('query') ?? '')?.[1]?.toLowerCase();
        if (query) list = list.filter((g) => g.name.toLowerCase().startsWith(query));
        const { items, next } = page(list, offset, size);
        return json(res, 200, {
          kind: 'admin#directory#groups',
          groups: items.map((g) => ({
            kind: 'admin#directory#group',
            id: g.id,
            email: g.email,
            name: g.name,
            directMembersCount: String(g.members.length),
          })),
          ...(next !== null ? { nextPageToken: String(next) } : {}),
        });
      }
      const members = /^groups\/([^/]+)\/members$/.exec(rest);
      if (members) {
        const group = groups.get(decodeURIComponent(members[1]!));
        if (!group)
          return json(res, 404, {
            error: { code: 404, message: 'Resource Not Found: groupKey', status: 'NOT_FOUND' },
          });
        const size = Math.min(Number(url.searchParams.get('maxResults') ?? 200), fake.pageSize.google);
        const derived = url.searchParams.get('includeDerivedMembership') === 'true';
        const list = derived
          ? membersOf(group)
          : group.members.map((id) => users.get(id)).filter((u): u is FakeUser => Boolean(u));
        const { items, next } = page(list, offset, size);
        return json(res, 200, {
          kind: 'admin#directory#members',
          members: items.map((u) => ({
            kind: 'admin#directory#member',
            id: u.id,
            email: u.email,
            role: 'MEMBER',
            type: 'USER',
            status: u.enabled ? 'ACTIVE' : 'SUSPENDED',
          })),
          ...(next !== null ? { nextPageToken: String(next) } : {}),
        });
      }
      const user = /^users\/([^/]+)$/.exec(rest);
      if (user) {
        const key = decodeURIComponent(user[1]!);
        const u = users.get(key) ?? [...users.values()].find((x) => x.email === key);
        if (!u)
          return json(res, 404, {
            error: { code: 404, message: 'Resource Not Found: userKey', status: 'NOT_FOUND' },
          });
        return json(res, 200, {
          kind: 'admin#directory#user',
          id: u.id,
          primaryEmail: u.email,
          name: { fullName: u.name },
          suspended: !u.enabled,
          ...(u.department ? { organizations: [{ department: u.department, primary: true }] } : {}),
        });
      }
      return json(res, 404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } });
    }
    json(res, 404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    // The Admin SDK client puts its paths (/admin/directory/v1/…) at the root URL's origin.
    googleApiUrl: `${url}/`,
    googleTokenUrl: `${url}/google/token`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The environment that points the server's directory adapters at a fake. */
export const fakeDirectoryEnv = (fake: Pick<FakeDirectory, 'url' | 'googleApiUrl' | 'googleTokenUrl'>) => ({
  MICROSOFT_LOGIN_URL: fake.url,
  MICROSOFT_GRAPH_URL: fake.url,
  GOOGLE_API_URL: fake.googleApiUrl,
  GOOGLE_TOKEN_URL: fake.googleTokenUrl,
});

/** A throwaway RSA key (made for these tests, never used anywhere else) to sign Google assertions with. */
const FAKE_PRIVATE_KEY = generateKey();

function generateKey(): string {
  // Generated once per process: the fake checks the assertion's shape, not its signature.
  return generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}
