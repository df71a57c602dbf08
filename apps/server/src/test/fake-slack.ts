import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Slack, answering as its Web API documents: HTTP 200 with `{ok:true,…}` or
 * `{ok:false,error}`, 429 with Retry-After (seconds) when a method's rate limit is exceeded. It serves
 * the OAuth v2 authorize page (it approves at once and redirects with a code and the state),
 * oauth.v2.access, users.lookupByEmail (users_not_found), conversations.open (a D… channel) and
 * chat.postMessage, and keeps what it received. The API tests, the browser journey and the bench
 * start it:
 *
 *   const slack = await startFakeSlack();
 *   // SLACK_API_URL = slack.apiUrl, SLACK_CLIENT_ID = slack.clientId, SLACK_CLIENT_SECRET = slack.clientSecret
 *
 * Rate limits are Slack's tiers, per method and workspace: users.lookupByEmail and conversations.open
 * Tier 3 (50 a minute), oauth.v2.access Tier 4 (100 a minute); chat.postMessage the special limit of
 * one message a second per channel. `minuteMs` compresses time (a bench of 10,000 people at 60 s a
 * minute would take hours); Retry-After says when the window ends, in whole seconds as Slack does.
 */

export interface FakeSlackUser {
  id: string;
  email: string;
  name: string;
}

export interface FakeSlackMessage {
  channel: string;
  /** The user the direct-message channel is with. */
  user: string;
  email: string;
  text: string;
  blocks: unknown[];
  ts: string;
  team: string;
  /** The message's metadata (event_type, event_payload), as chat.postMessage takes it. */
  metadata: { event_type?: string; event_payload?: Record<string, unknown> } | null;
}

export interface FakeSlackOptions {
  /** Milliseconds a "minute" of the rate limits lasts (60,000: real time). */
  minuteMs?: number;
  /** Calls a minute per method (Slack's tiers; these replace the defaults); 0 or absent: unlimited. */
  limits?: Partial<Record<string, number>>;
  /** chat.postMessage: at most one message per channel in this many ms (Slack: 1,000); 0: no limit. */
  perChannelMs?: number;
  /** Every API call answers after this many ms (a service far away). */
  delayMs?: number;
}

export interface FakeSlack {
  url: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Workspace members by email. */
  users: Map<string, FakeSlackUser>;
  messages: FakeSlackMessage[];
  /** Every API call: method and the workspace's token (or none). */
  calls: { method: string; token: string | null }[];
  /** 429s answered so far. */
  rateLimited: number;
  addUser(email: string, name?: string): FakeSlackUser;
  seed(emails: string[]): void;
  /** The next `n` calls of `method` answer 429 with Retry-After `seconds`. */
  throttle(method: string, n: number, seconds?: number): void;
  /** The next `n` calls of `method` answer `{ok:false, error}`. */
  failNext(method: string, n: number, error: string): void;
  /** Every token handed out so far is revoked from now on (token_revoked). */
  revokeTokens(): void;
  /** A bot token of the fake workspace, as 'Add to Slack' would give (for tests that skip OAuth). */
  issueToken(): string;
  setLimits(options: FakeSlackOptions): void;
  close(): Promise<void>;
}

const DEFAULT_LIMITS: Record<string, number> = {
  'users.lookupByEmail': 50,
  'conversations.open': 50,
  'oauth.v2.access': 100,
};

function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const type = req.headers['content-type'] ?? '';
      if (type.includes('application/json')) {
        try {
          resolve(raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
        } catch {
          resolve({});
        }
      } else resolve(Object.fromEntries(new URLSearchParams(raw)));
    });
  });
}

export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  const clientId = `${Date.now()}.${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const users = new Map<string, FakeSlackUser>();
  const messages: FakeSlackMessage[] = [];
  const calls: FakeSlack['calls'] = [];
  const codes = new Map<string, { redirectUri: string }>();
  const tokens = new Map<string, { team: string; revoked: boolean }>();
  const channels = new Map<string, string>(); // D… → user id
  const userById = new Map<string, FakeSlackUser>();
  const throttles = new Map<string, { n: number; seconds: number }>();
  const failures = new Map<string, { n: number; error: string }>();
  let settings = { minuteMs: 60_000, limits: { ...DEFAULT_LIMITS }, perChannelMs: 1_000, delayMs: 0 };
  const windows = new Map<string, { start: number; count: number }>();
  const lastPost = new Map<string, number>();
  let n = 0;
  const fake = {} as FakeSlack;

  const setLimits = (o: FakeSlackOptions) => {
    settings = {
      minuteMs: o.minuteMs ?? settings.minuteMs,
      limits: o.limits ? ({ ...o.limits } as Record<string, number>) : settings.limits,
      perChannelMs: o.perChannelMs ?? settings.perChannelMs,
      delayMs: o.delayMs ?? settings.delayMs,
    };
  };
  setLimits(options);

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const tooMany = (res: ServerResponse, ms: number) => {
    fake.rateLimited++;
    send(
      res,
      429,
      { ok: false, error: 'ratelimited' },
      { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) },
    );
  };

  /** Over the tier limit? Then the ms until the window ends. */
  function overLimit(method: string, team: string): number {
    const limit = settings.limits[method];
    if (!limit) return 0;
    const key = `${team}/${method}`;
    const now = Date.now();
    let w = windows.get(key);
    if (!w || now - w.start >= settings.minuteMs) {
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    if (w.count >= limit) return w.start + settings.minuteMs - now;
    w.count++;
    return 0;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/oauth/v2/authorize') {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== clientId || !redirect) {
          res.writeHead(400).end('invalid_client_id');
          return;
        }
        const code = `code-${randomBytes(8).toString('hex')}`;
        codes.set(code, { redirectUri: redirect });
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() }).end();
        return;
      }
      const match = url.pathname.match(/^\/api\/([\w.]+)$/);
      if (req.method !== 'POST' || !match) return send(res, 404, { ok: false, error: 'unknown_method' });
      const method = match[1]!;
      const body = await readBody(req);
      if (settings.delayMs > 0) await new Promise((r) => setTimeout(r, settings.delayMs));
      const bearer =
        req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? (body.token as string | undefined);
      calls.push({ method, token: bearer ?? null });

      const thr = throttles.get(method);
      if (thr && thr.n > 0) {
        thr.n--;
        return tooMany(res, thr.seconds * 1000);
      }
      const fail = failures.get(method);
      if (fail && fail.n > 0) {
        fail.n--;
        return send(res, 200, { ok: false, error: fail.error });
      }

      if (method === 'oauth.v2.access') {
        const wait = overLimit(method, 'app');
        if (wait > 0) return tooMany(res, wait);
        if (body.client_id !== clientId) return send(res, 200, { ok: false, error: 'invalid_client_id' });
        if (body.client_secret !== clientSecret)
          return send(res, 200, { ok: false, error: 'bad_client_secret' });
        const code = codes.get(String(body.code));
        if (!code) return send(res, 200, { ok: false, error: 'invalid_code' });
        if (body.redirect_uri !== undefined && body.redirect_uri !== code.redirectUri)
          return send(res, 200, { ok: false, error: 'bad_redirect_uri' });
        codes.delete(String(body.code));
        const token = `xoxb-${randomBytes(12).toString('hex')}`;
        tokens.set(token, { team: 'T0FAKE', revoked: false });
        return send(res, 200, {
          ok: true,
          access_token: token,
          token_type: 'bot',
          scope: 'chat:write,im:write,users:read,users:read.email',
          bot_user_id: 'U0BOT',
          app_id: 'A0FAKE',
          team: { id: 'T0FAKE', name: 'Fake Workspace' },
          enterprise: null,
          is_enterprise_install: false,
          authed_user: { id: 'U0ADMIN' },
        });
      }

      const auth = bearer ? tokens.get(bearer) : undefined;
      if (!bearer) return send(res, 200, { ok: false, error: 'not_authed' });
      if (!auth) return send(res, 200, { ok: false, error: 'invalid_auth' });
      if (auth.revoked) return send(res, 200, { ok: false, error: 'token_revoked' });
      const wait = overLimit(method, auth.team);
      if (wait > 0) return tooMany(res, wait);

      if (method === 'users.lookupByEmail') {
        const user = users.get(String(body.email ?? '').toLowerCase());
        if (!user) return send(res, 200, { ok: false, error: 'users_not_found' });
        return send(res, 200, {
          ok: true,
          user: {
            id: user.id,
            team_id: auth.team,
            name: user.email.split('@')[0],
            real_name: user.name,
            profile: { email: user.email, real_name: user.name },
          },
        });
      }
      if (method === 'conversations.open') {
        const userId = String(body.users ?? '');
        if (!userById.has(userId)) return send(res, 200, { ok: false, error: 'user_not_found' });
        const id = `D${userId.slice(1)}`;
        channels.set(id, userId);
        return send(res, 200, { ok: true, channel: { id } });
      }
      if (method === 'chat.postMessage') {
        const channel = String(body.channel ?? '');
        const userId = channels.get(channel);
        if (!userId) return send(res, 200, { ok: false, error: 'channel_not_found' });
        const text = String(body.text ?? '');
        const blocks =
          typeof body.blocks === 'string'
            ? (JSON.parse(body.blocks) as unknown[])
            : ((body.blocks as unknown[]) ?? []);
        if (!text && blocks.length === 0) return send(res, 200, { ok: false, error: 'no_text' });
        if (settings.perChannelMs > 0) {
          const now = Date.now();
          const last = lastPost.get(channel) ?? 0;
          if (now - last < settings.perChannelMs) return tooMany(res, last + settings.perChannelMs - now);
          lastPost.set(channel, now);
        }
        const ts = `${Math.floor(Date.now() / 1000)}.${String(++n).padStart(6, '0')}`;
        const user = userById.get(userId)!;
        const metadata =
          typeof body.metadata === 'string'
            ? (JSON.parse(body.metadata) as FakeSlackMessage['metadata'])
            : ((body.metadata as FakeSlackMessage['metadata']) ?? null);
        messages.push({
          channel,
          user: userId,
          email: user.email,
          text,
          blocks,
          ts,
          team: auth.team,
          metadata,
        });
        return send(res, 200, {
          ok: true,
          channel,
          ts,
          message: { type: 'message', text, ts, bot_id: 'B0FAKE' },
        });
      }
      return send(res, 200, { ok: false, error: 'unknown_method' });
    })().catch((err: unknown) => send(res, 500, { ok: false, error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const addUser = (email: string, name = '') => {
    const user = { id: `U${randomBytes(5).toString('hex').toUpperCase()}`, email: email.toLowerCase(), name };
    users.set(user.email, user);
    userById.set(user.id, user);
    return user;
  };
  Object.assign(fake, {
    url,
    apiUrl: `${url}/api/`,
    clientId,
    clientSecret,
    users,
    messages,
    calls,
    rateLimited: 0,
    addUser,
    seed: (emails: string[]) => emails.forEach((e) => addUser(e)),
    throttle: (method: string, count: number, seconds = 1) => throttles.set(method, { n: count, seconds }),
    failNext: (method: string, count: number, error: string) => failures.set(method, { n: count, error }),
    revokeTokens: () => tokens.forEach((t) => (t.revoked = true)),
    issueToken: () => {
      const token = `xoxb-${randomBytes(12).toString('hex')}`;
      tokens.set(token, { team: 'T0FAKE', revoked: false });
      return token;
    },
    setLimits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies Omit<FakeSlack, never>);
  return fake;
}
