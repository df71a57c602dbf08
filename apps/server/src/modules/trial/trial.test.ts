import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL, TRIAL_MESSAGES } from '@vigil/shared';
import { companies, memberships, trialSignups, users } from '../../db/schema/index.ts';
import { createManager } from '../../test/factories.ts';
import { createTestApp, testDatabases, tokenFromMail, type TestApp } from '../../test/harness.ts';
import { hashToken } from '../auth/tokens.ts';

/** The verify link of a trial mail: /trial/verify/{token}. */
const verifyToken = (text: string) => {
  const match = text.match(/\/trial\/verify\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error('No confirmation link in the mail');
  return match[1];
};

/**
 * A stand-in for Google's siteverify (POST, form-encoded secret and response), answering as its
 * documentation shows: { success, challenge_ts, hostname, score?, action?, 'error-codes'? }.
 */
function siteverify(): Promise<{ server: Server; url: string; seen: URLSearchParams[] }> {
  const seen: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const response = form.get('response');
      const ok = form.get('secret') === 'test-secret' && (response === 'human' || response === 'v3-human');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          ok
            ? {
                success: true,
                challenge_ts: new Date().toISOString(),
                hostname: 'localhost',
                ...(response === 'v3-human' ? { score: 0.9, action: 'trial' } : {}),
              }
            : response === 'v3-bot'
              ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost', score: 0.1 }
              : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`, seen });
    }),
  );
}

describe.each(testDatabases())('free trial on %s', (kind) => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof siteverify>>;
  beforeAll(async () => {
    google = await siteverify();
    t = await createTestApp(kind, {
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_VERIFY_URL: google.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    google?.server.close();
  });
  const post = (url: string, payload?: object) => t.inject({ method: 'POST', url, payload });
  const companyOf = async (email: string) => {
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    if (!user) return undefined;
    const [m] = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, user.id));
    if (!m) return undefined;
    const [c] = await t.ctx.db.select().from(companies).where(eq(companies.id, m.companyId));
    return { company: c!, role: m.role };
  };

  it('gives the page its site key', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/trial/config' })).json()).toEqual({
      recaptchaSiteKey: 'site-key',
    });
  });

  it('refuses a missing, wrong or low-scoring captcha, and makes nothing', async () => {
    for (const recaptchaToken of ['', 'robot', 'v3-bot']) {
      const res = await post('/api/trial', { recaptchaToken, managerEmail: 'bot@botco.example' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'captcha', description: TRIAL_MESSAGES.captchaFailed });
    }
    expect(await companyOf('bot@botco.example')).toBeUndefined();
    expect(google.seen.at(-1)?.get('secret')).toBe('test-secret');
  });

  it('mails a new address a one-time link, and opens the trial only when it is used', async () => {
    const res = await post('/api/trial', {
      recaptchaToken: 'human',
      managerEmail: 'founder@newco.example',
      timeZone: 'Europe/Berlin',
    });
    expect(res.json()).toEqual({ result: true });
    const mail = await t.waitForMail('founder@newco.example');
    expect(mail.subject).toBe('Confirm your email to start your Vigil trial');
    expect(mail.text).toContain('expires in 24 hours');
    const token = verifyToken(mail.text);
    // Nothing exists before the address is confirmed, and only the token's hash is at rest.
    expect(await companyOf('founder@newco.example')).toBeUndefined();
    const stored = await t.ctx.db
      .select()
      .from(trialSignups)
      .where(eq(trialSignups.email, 'founder@newco.example'));
    expect(stored.map((s) => s.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);

    const verified = await post(`/api/trial/verify/${token}`);
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.user.email).toBe('founder@newco.example');
    const mine = await companyOf('founder@newco.example');
    expect(mine!.role).toBe(1);
    expect(body.companyId).toBe(mine!.company.id);
    expect(mine!.company.name).toBe('Newco');
    expect(mine!.company.settings['ui.time_zone']).toBe('Europe/Berlin');

    const headers = { authorization: `Bearer ${body.token}` };
    const me = (await t.inject({ method: 'GET', url: `/api/companies/${body.companyId}`, headers })).json();
    expect(me.subscription).toMatchObject({
      package_trial: true,
      package_users: TRIAL.seats,
      package_valid: 1,
    });
    const days = (Date.parse(me.trial_ends) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(TRIAL.days - 0.01);
    expect(days).toBeLessThanOrEqual(TRIAL.days);
    expect(me.users_total).toBe(1);
    const lists = (
      await t.inject({ method: 'GET', url: `/api/companies/${body.companyId}/lists`, headers })
    ).json();
    expect(lists.rows ?? lists).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: TRIAL_MESSAGES.starterList })]),
    );

    // Trial content: only the trial subjects are available.
    const categories = (
      await t.inject({ method: 'GET', url: `/api/companies/${body.companyId}/categories`, headers })
    ).json();
    const subjects = (Array.isArray(categories) ? categories : []).flatMap(
      (c: { subjects: Array<{ availableForBeta: boolean; disabled: boolean }> }) => c.subjects,
    );
    expect(subjects.some((s) => s.availableForBeta) && subjects.some((s) => !s.availableForBeta)).toBe(true);
    for (const s of subjects) expect(s.disabled).toBe(!s.availableForBeta);

    // The link works once.
    const reused = await post(`/api/trial/verify/${token}`);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: 'invalid_token', description: TRIAL_MESSAGES.linkInvalid });
  });

  it('sends an existing person a sign-in mail and answers "email"', async () => {
    await createManager(t.ctx.db, { email: 'known@oldco.example', name: 'Known' });
    const res = await post('/api/auth/manager/trial/new', {
      recaptchaToken: 'v3-human',
      managerEmail: 'known@oldco.example',
    });
    expect(res.json()).toEqual({ result: 'email' });
    const mail = await t.waitForMail('known@oldco.example');
    expect(mail.subject).toBe('Your Vigil sign-in link');
    expect(tokenFromMail(mail.text)).not.toBe('');
  });

  it('refuses an expired link', async () => {
    await post('/api/trial', { recaptchaToken: 'human', managerEmail: 'late@lateco.example' });
    const token = verifyToken((await t.waitForMail('late@lateco.example')).text);
    await t.ctx.db
      .update(trialSignups)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(trialSignups.tokenHash, hashToken(token)));
    expect((await post(`/api/trial/verify/${token}`)).statusCode).toBe(401);
    expect(await companyOf('late@lateco.example')).toBeUndefined();
  });
});
