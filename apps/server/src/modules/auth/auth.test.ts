import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@vigil/shared';
import { companies, memberships, sessions, signinTokens, users } from '../../db/schema/index.ts';
import { bearer, createManager, signIn } from '../../test/factories.ts';
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

  it('signs up a new person with a trial company and answers "email" for an existing one', async () => {
    const res = await post('/api/trial', { recaptchaToken: '', managerEmail: 'founder@newco.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'founder@newco.example'));
    const [membership] = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, user!.id));
    expect(membership!.role).toBe(1);
    const [company] = await t.ctx.db.select().from(companies).where(eq(companies.id, membership!.companyId));
    expect(company!.name).toBe('Newco');
    expect(company!.trialEnds!.getTime()).toBeGreaterThan(Date.now());
    const verify = await t.waitForMail('founder@newco.example');
    expect(verify.subject).toContain('Confirm your email');

    const again = await post('/api/auth/manager/trial/new', {
      recaptchaToken: '',
      managerEmail: 'founder@newco.example',
    });
    expect(again.json()).toEqual({ result: 'email' });
    // No time zone said: the company's mails write UTC until an admin sets one.
    expect(company!.settings['ui.time_zone']).toBeUndefined();
  });

  it("keeps the signing-up browser's time zone as the new company's, and leaves out one it does not know", async () => {
    const companyOf = async (email: string) => {
      const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
      const [membership] = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, user!.id));
      const [company] = await t.ctx.db
        .select()
        .from(companies)
        .where(eq(companies.id, membership!.companyId));
      return company!;
    };
    const berlin = await post('/api/trial', {
      managerEmail: 'zone@berlin-co.example',
      timeZone: 'Europe/Berlin',
    });
    expect(berlin.json()).toEqual({ result: true });
    expect((await companyOf('zone@berlin-co.example')).settings['ui.time_zone']).toBe('Europe/Berlin');
    const odd = await post('/api/trial', { managerEmail: 'zone@mars-co.example', timeZone: 'Mars/Olympus' });
    expect(odd.json()).toEqual({ result: true });
    expect((await companyOf('zone@mars-co.example')).settings['ui.time_zone']).toBeUndefined();
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
    const back = await post('/api/auth/impersonation/end', undefined, bearer(impersonating));
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ email: 'root@test.example', impersonatedBy: null });
    const old = await t.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(impersonating) });
    expect(old.statusCode).toBe(401);
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
