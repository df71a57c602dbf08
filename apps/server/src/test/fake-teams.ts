import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for what Teams delivery calls, answering with the documented shapes: Microsoft's
 * token endpoints (the Bot Framework's, client credentials for https://api.botframework.com/.default,
 * and a tenant's, for https://graph.microsoft.com/.default), Microsoft Graph's GET /v1.0/users/{upn}
 * (404 Request_ResourceNotFound), and the Bot Connector: POST /teams/v3/conversations (403 when the app
 * is not installed for the member) and POST /teams/v3/conversations/{id}/activities (429 Retry-After
 * when throttled). It keeps the activities it received.
 *
 *   const teams = await startFakeTeams();
 *   // TEAMS_TOKEN_URL = teams.botTokenUrl, TEAMS_SERVICE_URL = teams.serviceUrl,
 *   // MICROSOFT_LOGIN_URL = MICROSOFT_GRAPH_URL = teams.url, TEAMS_APP_ID/PASSWORD = teams.appId/appPassword
 */

export interface FakeTeamsUser {
  id: string;
  email: string;
  installed: boolean;
}

export interface FakeTeams {
  url: string;
  botTokenUrl: string;
  serviceUrl: string;
  appId: string;
  appPassword: string;
  tenant: string;
  users: Map<string, FakeTeamsUser>;
  activities: { conversation: string; email: string; activity: Record<string, unknown> }[];
  addUser(email: string, opts?: { installed?: boolean }): FakeTeamsUser;
  /** The next `n` activities answer 429 with Retry-After `seconds`. */
  throttleNext(n: number, seconds: number): void;
  /** How many activity posts arrived, throttled ones included. */
  activityPosts(): number;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

export async function startFakeTeams(): Promise<FakeTeams> {
  const appId = randomUUID();
  const appPassword = randomBytes(16).toString('hex');
  const tenant = randomUUID();
  const users = new Map<string, FakeTeamsUser>();
  const byId = new Map<string, FakeTeamsUser>();
  const botTokens = new Set<string>();
  const graphTokens = new Set<string>();
  const conversations = new Map<string, FakeTeamsUser>();
  const activities: FakeTeams['activities'] = [];
  let throttle = { n: 0, seconds: 1 };
  let posts = 0;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const graphError = (res: ServerResponse, status: number, code: string) =>
    json(res, status, { error: { code, message: code } });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
      const tokenMatch = url.pathname.match(/^\/([^/]+)\/oauth2\/v2\.0\/token$/);
      if (req.method === 'POST' && tokenMatch) {
        const form = new URLSearchParams(body);
        const isBot = tokenMatch[1] === 'botframework.com';
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== appId)
          return json(res, 400, { error: 'unauthorized_client' });
        if (form.get('client_secret') !== appPassword) return json(res, 401, { error: 'invalid_client' });
        const scope = isBot
          ? 'https://api.botframework.com/.default'
          : 'https://graph.microsoft.com/.default';
        if (form.get('scope') !== scope) return json(res, 400, { error: 'invalid_scope' });
        if (!isBot && tokenMatch[1] !== tenant) return json(res, 400, { error: 'invalid_request' });
        const token = randomBytes(16).toString('hex');
        (isBot ? botTokens : graphTokens).add(token);
        return json(res, 200, { token_type: 'Bearer', expires_in: 3599, access_token: token });
      }
      const userMatch = url.pathname.match(/^\/v1\.0\/users\/([^/]+)$/);
      if (req.method === 'GET' && userMatch) {
        if (!graphTokens.has(bearer)) return graphError(res, 401, 'InvalidAuthenticationToken');
        const user = users.get(decodeURIComponent(userMatch[1]!).toLowerCase());
        if (!user) return graphError(res, 404, 'Request_ResourceNotFound');
        return json(res, 200, { id: user.id, userPrincipalName: user.email });
      }
      if (req.method === 'POST' && url.pathname === '/teams/v3/conversations') {
        if (!botTokens.has(bearer)) return json(res, 401, { message: 'Authorization has been denied' });
        const parsed = JSON.parse(body) as {
          bot?: { id?: string };
          members?: { id: string }[];
          tenantId?: string;
          isGroup?: boolean;
        };
        if (parsed.bot?.id !== `28:${appId}` || parsed.tenantId !== tenant || parsed.isGroup !== false)
          return json(res, 400, {
            error: { code: 'BadArgument', message: 'Invalid conversation parameters' },
          });
        const user = byId.get(parsed.members?.[0]?.id ?? '');
        if (!user?.installed)
          return json(res, 403, {
            error: { code: 'Forbidden', message: 'Bot is not part of the conversation roster' },
          });
        const id = `a:${randomBytes(8).toString('hex')}`;
        conversations.set(id, user);
        return json(res, 201, { id });
      }
      const activityMatch = url.pathname.match(/^\/teams\/v3\/conversations\/([^/]+)\/activities$/);
      if (req.method === 'POST' && activityMatch) {
        if (!botTokens.has(bearer)) return json(res, 401, { message: 'Authorization has been denied' });
        posts++;
        if (throttle.n > 0) {
          throttle.n--;
          return json(
            res,
            429,
            { error: { code: 'Throttled' } },
            { 'retry-after': String(throttle.seconds) },
          );
        }
        const id = decodeURIComponent(activityMatch[1]!);
        const user = conversations.get(id);
        if (!user) return json(res, 404, { error: { code: 'ConversationNotFound' } });
        activities.push({
          conversation: id,
          email: user.email,
          activity: JSON.parse(body) as Record<string, unknown>,
        });
        return json(res, 201, { id: `1:${activities.length}` });
      }
      return json(res, 404, { error: { code: 'NotFound' } });
    })().catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    botTokenUrl: `${url}/botframework.com/oauth2/v2.0/token`,
    serviceUrl: `${url}/teams/`,
    appId,
    appPassword,
    tenant,
    users,
    activities,
    addUser(email, opts = {}) {
      const user = { id: randomUUID(), email: email.toLowerCase(), installed: opts.installed ?? true };
      users.set(user.email, user);
      byId.set(user.id, user);
      return user;
    },
    throttleNext(n, seconds) {
      throttle = { n, seconds };
    },
    activityPosts: () => posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
