import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@vigil/shared';
import { mails as mailsTable, sessions, signinTokens, users } from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, tokenFromMail, type TestApp } from '../../test/harness.ts';
import { insertSigninToken } from './auth.queries.ts';
import { hashToken } from './tokens.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(testDatabases())('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url, payload, headers });

  it('mails a single-use link that exchanges for a session', async () => {
    const user = await createManager(t.ctx.db, { email: 'ada@test.example', name: 'Ada' });
    const res = await post('/api/auth/email/manager_signin', {
      email: 'ADA@test.example ',
      redirect: '/settings',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'sent' });

    const mail = await t.waitForMail('ada@test.example');
    expect(mail.subject).toBe('Your Vigil sign-in link');
    expect(mail.text).toContain('?redirect=%2Fsettings');
    const token = tokenFromMail(mail.text);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    // Only the hash is at rest.
    const stored = await t.ctx.db.select().from(signinTokens).where(eq(signinTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const exchanged = await post(`/api/auth/email/signin/${token}`);
    expect(exchanged.statusCode).toBe(200);
    const body = exchanged.json();
    expect(body.user).toMatchObject({
      _id: user.id,
      email: 'ada@test.example',
      name: 'Ada',
      impersonatedBy: null,
    });
    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.tokenHash).toBe(sha256(body.token));

    const again = await post(`/api/auth/email/signin/${token}`);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'invalid_token', description: MESSAGES.invalidLink });

    const me = await t.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('ada@test.example');
  });

  it('mails links whose redirect stays on our origin', async () => {
    await createManager(t.ctx.db, { email: 'wanderer@test.example' });
    const res = await post('/api/auth/email/manager_signin', {
      email: 'wanderer@test.example',
      redirect: decodeURIComponent('%2F%09%2Fevil.example'),
    });
    expect(res.statusCode).toBe(200);
    const mail = await t.waitForMail('wanderer@test.example');
    const link = mail.text.match(/http\S+\/auth\/email\/signin\/\S+/)![0];
    expect(link).not.toContain('evil.example');
    expect(new URL(link).searchParams.get('redirect')).toBeNull();
  });

  it('brands a sign-in mail only with a company the person belongs to', async () => {
    const user = await createManager(t.ctx.db, { email: 'branded@test.example' });
    const own = await createCompany(t.ctx.db, { name: 'Own Company Ltd' });
    await addMember(t.ctx.db, own.id, user.id, 1);
    const stranger = await createCompany(t.ctx.db, { name: 'Stranger Phishing Co' });

    const asked = new Date();
    await post('/api/auth/email/manager_signin', { email: 'branded@test.example', company_id: stranger.id });
    const mail = await t.waitForMail('branded@test.example', { after: asked });
    expect(mail.text).not.toContain('Stranger Phishing Co');
    expect(mail.text).toContain('Own Company Ltd');
    const [row] = await t.ctx.db.select().from(mailsTable).where(eq(mailsTable.id, mail.id));
    expect(row!.companyId).toBe(own.id);
    expect(row!.html).not.toContain('Stranger Phishing Co');

    const loner = await createManager(t.ctx.db, { email: 'loner@test.example' });
    await post('/api/auth/email/manager_signin', { email: loner.email, company_id: stranger.id });
    const plain = await t.waitForMail('loner@test.example');
    expect(plain.text).not.toContain('Stranger Phishing Co');
    const [plainRow] = await t.ctx.db.select().from(mailsTable).where(eq(mailsTable.id, plain.id));
    expect(plainRow!.companyId).toBeNull();
  });

  it('refuses unknown, malformed and over-long emails with the spec messages', async () => {
    const unknown = await post('/api/auth/email/manager_signin', { email: 'nobody@test.example' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_registered', description: MESSAGES.notRegistered });

    for (const email of ['not-an-email', '', `${'a'.repeat(95)}@x.example`]) {
      const res = await post('/api/auth/email/manager_signin', { email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', errors: [{ message: MESSAGES.workEmail }] });
    }
    const missing = await post('/api/auth/email/manager_signin', {});
    expect(missing.statusCode).toBe(400);
  });

  it('refuses expired and forged links', async () => {
    const user = await createManager(t.ctx.db);
    const expired = randomBytes(32).toString('base64url');
    await insertSigninToken(t.ctx.db, {
      userId: user.id,
      kind: 'email',
      tokenHash: hashToken(expired),
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await post(`/api/auth/email/signin/${expired}`)).statusCode).toBe(401);
    expect((await post(`/api/auth/email/signin/${randomBytes(32).toString('base64url')}`)).statusCode).toBe(
      401,
    );
  });

  it('answers 401 without a session, with a bogus one, and after sign-out', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/api/auth/user', headers: bearer('forged') })).statusCode,
    ).toBe(401);

    const user = await createManager(t.ctx.db);
    const token = await signIn(t, user.id);
    const out = await t.inject({ method: 'POST', url: '/api/auth/signout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await t.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('Unauthorized');
  });

  it('updates the profile and refuses an empty name next to the field', async () => {
    const user = await createManager(t.ctx.db, { name: 'Old' });
    const token = await signIn(t, user.id);
    const ok = await t.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: bearer(token),
      payload: { name: 'New Name', language: 'de' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'New Name', language: 'de' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe('New Name');

    const empty = await t.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: bearer(token),
      payload: { name: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ message: MESSAGES.required }]);
  });

  it('checks whether an email is registered', async () => {
    await createManager(t.ctx.db, { email: 'known@test.example' });
    expect((await post('/api/auth/checkEmail', { email: 'known@test.example' })).json()).toEqual({
      exists: true,
    });
    expect((await post('/api/auth/checkEmail', { email: 'new@test.example' })).json()).toEqual({
      exists: false,
    });
  });

  it('lets a super-admin impersonate with a single-use JWT link and go back', async () => {
    const admin = await createManager(t.ctx.db, {
      superAdmin: true,
      email: 'root@test.example',
      name: 'Root',
    });
    const target = await createManager(t.ctx.db, { email: 'target@test.example' });
    const adminToken = await signIn(t, admin.id);

    const targetToken = await signIn(t, target.id);
    const refused = await post('/api/admin/impersonate', { email: 'root@test.example' }, bearer(targetToken));
    expect(refused.statusCode).toBe(404);

    const link = await post('/api/admin/impersonate', { email: 'target@test.example' }, bearer(adminToken));
    expect(link.statusCode).toBe(200);
    const jwt = link.json().url.split('/auth/jwt/signin/')[1];
    const exchanged = await post(`/api/auth/jwt/signin/${jwt}`);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().user).toMatchObject({
      email: 'target@test.example',
      impersonatedBy: { email: 'root@test.example', name: 'Root' },
    });
    expect((await post(`/api/auth/jwt/signin/${jwt}`)).statusCode).toBe(401);

    const forged = await new SignJWT({ imp: admin.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(target.id)
      .setJti('x')
      .setAudience('vigil:impersonation')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    expect((await post(`/api/auth/jwt/signin/${forged}`)).statusCode).toBe(401);

    const impersonating = exchanged.json().token;
    const back = await post('/api/auth/impersonation/end', undefined, bearer(adminToken));
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({
      user: expect.objectContaining({ email: 'root@test.example', impersonatedBy: null }),
    });
    const old = await t.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(impersonating) });
    expect(old.statusCode).toBe(401);
    const own = await t.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(adminToken) });
    expect(own.json().email).toBe('root@test.example');
  });

  /** A super-admin signed in, and a live impersonation session of theirs as `target`. */
  async function impersonate(targetEmail = `target-${randomBytes(3).toString('hex')}@test.example`) {
    const admin = await createManager(t.ctx.db, { superAdmin: true });
    const target = await createManager(t.ctx.db, { email: targetEmail });
    const adminToken = await signIn(t, admin.id);
    const link = await post('/api/admin/impersonate', { email: targetEmail }, bearer(adminToken));
    const jwt = link.json().url.split('/auth/jwt/signin/')[1];
    const exchanged = await post(`/api/auth/jwt/signin/${jwt}`, undefined, { 'user-agent': 'test' });
    expect(exchanged.statusCode).toBe(200);
    return { admin, target, adminToken, token: exchanged.json().token as string };
  }
  const userStatus = async (token: string) =>
    (await t.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode;

  it('ends an impersonation when the super-admin signs out', async () => {
    const { adminToken, token } = await impersonate();
    expect(await userStatus(token)).toBe(200);
    expect((await post('/api/auth/signout', undefined, bearer(adminToken))).statusCode).toBe(204);
    expect(await userStatus(token)).toBe(401);
  });

  it('ends an impersonation with the super-admin session, even when it lapses rather than signs out', async () => {
    const { admin, token } = await impersonate();
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.userId, admin.id), isNull(sessions.impersonatorId)));
    expect(await userStatus(token)).toBe(401);
  });

  it('keeps an impersonation an hour at most, not renewed on use', async () => {
    const { target, token } = await impersonate();
    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, target.id));
    const lifetime = session!.expiresAt.getTime() - session!.createdAt.getTime();
    expect(lifetime).toBeLessThanOrEqual(3_600_000 + 1000);
    expect(lifetime).toBeGreaterThan(3_500_000);
    // Used long after the last touch: a renewing session would move its end.
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(sessions.id, session!.id));
    expect(await userStatus(token)).toBe(200);
    const [after] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(after!.expiresAt.getTime()).toBe(session!.expiresAt.getTime());
    expect(after!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('never hands out the super-admin account from the impersonation session alone', async () => {
    const { token } = await impersonate();
    const end = await post('/api/auth/impersonation/end', undefined, bearer(token));
    expect(end.statusCode).toBe(404);
    expect(end.json().token).toBeUndefined();
    const nested = await post('/api/admin/impersonate', { email: 'x@test.example' }, bearer(token));
    expect(nested.statusCode).toBe(404);
    // Signing out of the impersonation is allowed and ends only it.
    expect((await post('/api/auth/signout', undefined, bearer(token))).statusCode).toBe(204);
    expect(await userStatus(token)).toBe(401);
  });

  it('refuses a link whose super-admin has signed out since asking for it', async () => {
    const admin = await createManager(t.ctx.db, { superAdmin: true });
    const target = await createManager(t.ctx.db);
    const adminToken = await signIn(t, admin.id);
    const link = await post('/api/admin/impersonate', { email: target.email }, bearer(adminToken));
    await post('/api/auth/signout', undefined, bearer(adminToken));
    const jwt = link.json().url.split('/auth/jwt/signin/')[1];
    expect((await post(`/api/auth/jwt/signin/${jwt}`)).statusCode).toBe(401);
  });

  it('audits every start and end, readable by super-admins only', async () => {
    const first = await impersonate('audited-1@test.example');
    await post('/api/auth/impersonation/end', undefined, bearer(first.adminToken));
    const second = await impersonate('audited-2@test.example');
    await post('/api/auth/signout', undefined, bearer(second.token));
    const third = await impersonate('audited-3@test.example');
    await post('/api/auth/signout', undefined, bearer(third.adminToken));

    const audit = await t.inject({
      method: 'GET',
      url: '/api/admin/impersonations?pageSize=200',
      headers: bearer(first.adminToken),
    });
    expect(audit.statusCode).toBe(200);
    const events = audit.json().events as Array<Record<string, unknown> & { target: { email: string } }>;
    const of = (email: string) =>
      events
        .filter((e) => e.target.email === email)
        .map(({ action, reason }) => ({ action, reason }))
        .reverse();
    expect(of('audited-1@test.example')).toEqual([
      { action: 'start', reason: null },
      { action: 'end', reason: 'ended' },
    ]);
    expect(of('audited-2@test.example')).toEqual([
      { action: 'start', reason: null },
      { action: 'end', reason: 'signed_out' },
    ]);
    expect(of('audited-3@test.example')).toEqual([
      { action: 'start', reason: null },
      { action: 'end', reason: 'impersonator_signed_out' },
    ]);
    const start = events.find((e) => e.target.email === 'audited-1@test.example' && e.action === 'start')!;
    expect(start).toMatchObject({
      impersonator: { id: first.admin.id, email: first.admin.email },
      target: { id: first.target.id, email: 'audited-1@test.example' },
      at: expect.any(String),
    });
    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, first.target.id));
    expect(start.sessionId).toBe(session!.id);

    const plain = await signIn(t, first.target.id);
    const refused = await t.inject({
      method: 'GET',
      url: '/api/admin/impersonations',
      headers: bearer(plain),
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('auth rate limits', () => {
  it('answers 429 past the limit on sign-in calls', async () => {
    const t = await createTestApp('pglite', { AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.inject({
          method: 'POST',
          url: '/api/auth/email/manager_signin',
          payload: { email: 'x@test.example' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([404, 404, 404, 429]);
      const limited = await t.inject({
        method: 'POST',
        url: '/api/trial',
        payload: { managerEmail: 'y@test.example' },
      });
      expect(limited.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe.each(testDatabases())('sign-in links in production on %s', (kind) => {
  it('mails the link without writing it to the log', async () => {
    const t = await createTestApp(kind, { NODE_ENV: 'production' });
    try {
      const logged: unknown[] = [];
      const info = vi.spyOn(t.ctx.log, 'info').mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
      const user = await createManager(t.ctx.db, { email: 'quiet@test.example' });
      await t.inject({
        method: 'POST',
        url: '/api/auth/email/manager_signin',
        payload: { email: user.email },
      });
      const mail = await t.waitForMail('quiet@test.example');
      const token = tokenFromMail(mail.text);
      info.mockRestore();
      expect(JSON.stringify(logged)).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});
