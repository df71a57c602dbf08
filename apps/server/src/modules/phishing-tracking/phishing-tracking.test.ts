import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  escapePhishingHtml as esc,
  SIMULATION_HEADER,
  type PhishingButtonResult,
  type PhishingClickSignals,
  type PhishingDeliverability,
  type PhishingReportSettings,
  type ReportedMailDetail,
  type ReportedMailsPage,
} from '@vigil/shared';
import {
  companies,
  employees,
  mails,
  phishingCampaigns,
  phishingDeliveries,
  phishingEvents,
  phishingInteractions,
  phishingReportedMails,
  trainingDeliveries,
} from '../../db/schema/index.ts';
import { phishingToken } from '../../lib/phishing-token.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { dispatch as dispatchTrainings } from '../trainings/trainings.delivery.ts';
import { signInbound } from './phishing-tracking.reporting.ts';
import { startInboundSmtp } from './phishing-tracking.smtp.ts';
import { manifestSchemaErrors } from './test/validate-manifest.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
interface Pattern {
  name: string;
  method?: string;
  userAgent: string;
  headers?: Record<string, string>;
  address: string;
  afterSeconds: number;
  requests?: number;
  script: PhishingClickSignals | null;
}
const fixtures = JSON.parse(readFileSync(path.join(here, 'fixtures/scanner-requests.json'), 'utf8')) as {
  scanners: Pattern[];
  humans: Pattern[];
};

const INBOUND_SECRET = 'inbound-secret-for-tests-0123456789';
const PUBLIC_URL = 'http://vigil.test';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(testDatabases())('Phishing tracking on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let other: { id: string };
  let admin: string;
  let viewer: string;
  let campaignId: string;
  let eventId: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      INBOUND_MAIL_SECRET: INBOUND_SECRET,
      PUBLIC_URL,
      INBOUND_MAIL_DOMAIN: 'in.vigil.test',
    });
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Phish Co' });
    other = await createCompany(db, { name: 'Other Phish Co' });
    const [a, v] = await Promise.all([createManager(db), createManager(db)]);
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, v.id, 2);
    [admin, viewer] = await Promise.all([signIn(t, a.id), signIn(t, v.id)]);
    const [c] = await db
      .insert(phishingCampaigns)
      .values({
        companyId: company.id,
        name: 'Q3 simulation',
        status: 'active',
        templateIds: ['parcel-customs-fee'],
      })
      .returning();
    campaignId = c!.id;
    const [e] = await db
      .insert(phishingEvents)
      .values({ companyId: company.id, campaignId, type: 1, position: 0, sendAt: new Date(), status: 'sent' })
      .returning();
    eventId = e!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A sent simulated mail to a new employee, `afterSeconds` ago; its token. */
  async function sentMail(afterSeconds = 3600, companyId = company.id, templateId?: string) {
    const db = t.ctx.db;
    n += 1;
    const [emp] = await db
      .insert(employees)
      .values({ companyId, email: `person${n}-${kind}@phish.example`, name: `Alex Person${n}` })
      .returning();
    let cId = campaignId;
    let evId = eventId;
    if (companyId !== company.id) {
      const [c] = await db
        .insert(phishingCampaigns)
        .values({ companyId, name: 'Other', status: 'active' })
        .returning();
      const [e] = await db
        .insert(phishingEvents)
        .values({ companyId, campaignId: c!.id, type: 1, position: 0, sendAt: new Date(), status: 'sent' })
        .returning();
      cId = c!.id;
      evId = e!.id;
    }
    const template =
      templateId ?? (await import('../phishing/phishing.library.ts')).phishingLibrary().templates[0]!.id;
    const [d] = await db
      .insert(phishingDeliveries)
      .values({
        eventId: evId,
        companyId,
        employeeId: emp!.id,
        channel: 1,
        status: 'sent',
        campaignId: cId,
        templateId: template,
        mailLanguage: 'en',
        sentAt: new Date(Date.now() - afterSeconds * 1000),
      })
      .returning();
    return { token: phishingToken(t.config.secretKey, d!.id), deliveryId: d!.id, employeeId: emp!.id };
  }

  const interactions = (deliveryId: number) =>
    t.ctx.db.select().from(phishingInteractions).where(eq(phishingInteractions.deliveryId, deliveryId));
  const count = async (deliveryId: number, k: string) =>
    (await interactions(deliveryId)).filter((r) => r.kind === k).length;

  // Each request without an address of its own comes from another network, as different people do.
  let networks = 0;
  const open = (token: string, p: Partial<Pattern> = {}) =>
    t.inject({
      method: (p.method ?? 'GET') as 'GET' | 'HEAD',
      url: `/p/${token}`,
      remoteAddress: p.address ?? `10.${Math.floor(++networks / 250) % 250}.${networks % 250}.5`,
      headers: {
        ...(p.userAgent === undefined ? { 'user-agent': PHONE_UA } : { 'user-agent': p.userAgent }),
        ...p.headers,
      },
    });
  const visitOf = (html: string) => /name="visit" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const confirm = (token: string, visit: string, signals: PhishingClickSignals, address = '203.0.113.5') =>
    t.inject({
      method: 'POST',
      url: `/p/${token}/confirm`,
      remoteAddress: address,
      payload: { visit, signals },
    });
  const seen: PhishingClickSignals = { interaction: false, visibleMs: 1200, webdriver: false };

  /** Plays a recorded pattern: its requests at once, then the page's script where it runs. */
  async function play(token: string, p: Pattern) {
    const pages = await Promise.all(Array.from({ length: p.requests ?? 1 }, () => open(token, p)));
    if (p.script) {
      for (const page of pages) {
        const visit = visitOf(page.body);
        if (visit) await confirm(token, visit, p.script, p.address);
      }
    }
    return pages;
  }

  it('serves the landing page on a phone with a nonce’d script and no named credential field', async () => {
    const { token, deliveryId } = await sentMail();
    const res = await open(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(res.body).toContain('name="viewport"');
    expect(res.body).toMatch(/<html lang="en">/);
    // The only named field is the visit: typed values have nowhere to go.
    expect(
      [...res.body.matchAll(/\sname="([^"]+)"/g)]
        .map((m) => m[1])
        .filter((x) => x !== 'viewport' && x !== 'robots' && x !== 'referrer'),
    ).toEqual(['visit']);
    // Until the script confirms it, the visit is scanner activity.
    expect((await interactions(deliveryId)).map((r) => [r.kind, r.scannerReason])).toEqual([
      ['scanner', 'no-script'],
    ]);
    const ok = await confirm(token, visitOf(res.body), seen);
    expect(ok.statusCode).toBe(204);
    const rows = await interactions(deliveryId);
    expect(rows.map((r) => [r.kind, r.clickSignal])).toEqual([['clicked', 'script']]);
    expect(rows[0]!.network).toMatch(/^10\.\d+\.\d+\.0\/24$/);
    expect(rows[0]!.userAgent).toBe(PHONE_UA);
  });

  it('answers an unknown or altered token with 404 and records nothing', async () => {
    const { token } = await sentMail();
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await open(altered)).statusCode).toBe(404);
    expect((await open('nonsense')).statusCode).toBe(404);
  });

  it('refuses a confirmation whose visit belongs to another mail', async () => {
    const a = await sentMail();
    const b = await sentMail();
    const page = await open(a.token);
    await confirm(b.token, visitOf(page.body), seen);
    expect(await count(a.deliveryId, 'clicked')).toBe(0);
    expect(await count(b.deliveryId, 'clicked')).toBe(0);
    await confirm(a.token, `${visitOf(page.body)}x`, seen);
    expect(await count(a.deliveryId, 'clicked')).toBe(0);
  });

  describe('recorded scanner patterns', () => {
    for (const p of fixtures.scanners) {
      it(`filters ${p.name}`, async () => {
        const { token, deliveryId } = await sentMail(p.afterSeconds);
        const pages = await play(token, p);
        for (const page of pages) expect(page.statusCode).toBe(200);
        const rows = await interactions(deliveryId);
        expect(rows.filter((r) => r.kind === 'clicked')).toEqual([]);
        expect(rows.filter((r) => r.kind === 'scanner')).toHaveLength(p.requests ?? 1);
        // A sandbox that got the page and reported an automated browser is kept with that reason.
        if (p.script?.webdriver && pages.some((page) => visitOf(page.body)))
          expect(rows.some((r) => r.scannerReason === 'automation')).toBe(true);
      });
    }
  });

  describe('scripted human clicks', () => {
    for (const p of fixtures.humans) {
      it(`counts ${p.name}`, async () => {
        const { token, deliveryId } = await sentMail(p.afterSeconds);
        await play(token, p);
        const rows = await interactions(deliveryId);
        expect(rows.map((r) => r.kind)).toEqual(['clicked']);
      });
    }
  });

  it('a hard scanner rule gets a neutral page without script', async () => {
    const { token } = await sentMail();
    const res = await open(token, {
      userAgent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      address: '54.1.1.1',
    });
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('name="visit"');
    const head = await open(token, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('several mails of the company requested from one network at once are a burst', async () => {
    const mailsAtOnce = await Promise.all(Array.from({ length: 5 }, () => sentMail()));
    const pages = await Promise.all(mailsAtOnce.map((m) => open(m.token, { address: '192.0.2.200' })));
    for (const [i, m] of mailsAtOnce.entries())
      await confirm(m.token, visitOf(pages[i]!.body), seen, '192.0.2.200');
    for (const m of mailsAtOnce) expect(await count(m.deliveryId, 'clicked')).toBe(0);
  });

  it('answers a link requested more than 20 times a minute with 429 and Retry-After, kept once', async () => {
    const { token, deliveryId } = await sentMail();
    const answers = [];
    // From a different network each time: the limit is the link's, whoever asks.
    for (let i = 0; i < 23; i++) answers.push(await open(token));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(20).fill(200), 429, 429, 429]);
    const limited = answers[20]!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['x-content-type-options']).toBe('nosniff');
    expect(limited.body).not.toContain('name="visit"');
    // The 20 answered requests and the first one over the limit, as a burst of the link; no more.
    const rows = (await interactions(deliveryId)).sort((a, b) => a.id - b.id);
    expect(rows).toHaveLength(21);
    expect(rows.every((r) => r.kind === 'scanner')).toBe(true);
    expect(rows.at(-1)!.scannerReason).toBe('burst');
    // Another mail's link, and this mail's other paths, have their own count.
    expect((await open((await sentMail()).token)).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/p/${token}/o.gif` })).statusCode).toBe(200);
  });

  it('a submission keeps only that something was submitted, never a typed value', async () => {
    const { token, deliveryId } = await sentMail();
    const page = await open(token);
    const visit = visitOf(page.body);
    const secret = 'Tr0ub4dor&3-typed-password';
    const res = await t.inject({
      method: 'POST',
      url: `/p/${token}/submit`,
      remoteAddress: '203.0.113.5',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `visit=${encodeURIComponent(visit)}&password=${encodeURIComponent(secret)}&email=alex%40phish.example`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/p/${token}/learn?v=${encodeURIComponent(visit)}`);
    const rows = await interactions(deliveryId);
    expect(rows.map((r) => r.kind).sort()).toEqual(['clicked', 'submitted']);
    expect(rows.find((r) => r.kind === 'clicked')!.clickSignal).toBe('submit');
    // Nothing typed anywhere in the database: the interactions, the mails, the reported mails.
    const dump = JSON.stringify([
      await t.ctx.db.select().from(phishingInteractions),
      await t.ctx.db.select().from(mails),
      await t.ctx.db.select().from(phishingReportedMails),
    ]);
    expect(dump).not.toContain(secret);
    // A JSON submission with extra fields is cut down to the visit and signals as well.
    const again = await t.inject({
      method: 'POST',
      url: `/p/${token}/submit`,
      payload: { visit, signals: seen, password: secret },
    });
    expect(again.statusCode).toBe(204);
    expect(await count(deliveryId, 'submitted')).toBe(1);
    expect(JSON.stringify(await t.ctx.db.select().from(phishingInteractions))).not.toContain(secret);
  });

  it('a scanner that fills the form is not counted as a submission', async () => {
    const { token, deliveryId } = await sentMail(2);
    const page = await open(token, {
      address: '40.107.1.1',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120',
    });
    expect(visitOf(page.body)).toBe('');
    const res = await open(token, { userAgent: 'HeadlessChrome/120' });
    expect(visitOf(res.body)).toBe('');
    expect(await count(deliveryId, 'submitted')).toBe(0);
  });

  it('shows the teachable moment with the red flags of that very mail and its lesson', async () => {
    const { phishingLibrary } = await import('../phishing/phishing.library.ts');
    const template = phishingLibrary().templates.find((x) => x.redFlags.some((f) => f.location === 'link'))!;
    const { token } = await sentMail(3600, company.id, template.id);
    const res = await t.inject({ method: 'GET', url: `/p/${token}/learn` });
    expect(res.statusCode).toBe(200);
    for (const flag of template.redFlags)
      expect(res.body).toContain(
        flag.title.en.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;'),
      );
    expect(res.body).toContain('data-flag=');
    const lesson = phishingLibrary().lesson(template.lure)!;
    expect(res.body).toContain(
      lesson.takeaway.en.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;'),
    );
    // The mail's links lead nowhere from here.
    expect(res.body).not.toMatch(/href="http/);
  });

  it.each([
    ['fr', 'Ceci était une simulation de phishing'],
    ['es', 'Esto era una simulación de phishing'],
  ] as const)(
    'shows the landing page and the teachable moment in %s to an employee in it',
    async (lang, heading) => {
      const { phishingLibrary } = await import('../phishing/phishing.library.ts');
      const library = phishingLibrary();
      const template = library.template('parcel-customs-fee')!;
      const { token, deliveryId } = await sentMail(3600, company.id, template.id);
      await t.ctx.db
        .update(phishingDeliveries)
        .set({ mailLanguage: lang })
        .where(eq(phishingDeliveries.id, deliveryId));
      const page = await open(token);
      expect(page.body).toContain(`<html lang="${lang}"`);
      expect(page.body).toContain(esc(library.landingPage(template.landingPage)!.heading[lang]!));
      const res = await t.inject({ method: 'GET', url: `/p/${token}/learn` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}"`);
      expect(res.body).toContain(`<h1>${esc(heading)}</h1>`);
      expect(res.body).toContain(esc(template.mail[lang]!.subject));
      for (const flag of template.redFlags) expect(res.body).toContain(esc(flag.title[lang]!));
      expect(res.body).toContain(esc(library.lesson(template.lure)!.takeaway[lang]!));
    },
  );

  it('records an open once, marked by its kind as unreliable', async () => {
    const { token, deliveryId } = await sentMail();
    for (let i = 0; i < 3; i++) {
      const res = await t.inject({ method: 'GET', url: `/p/${token}/o.gif` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
    }
    expect(await count(deliveryId, 'opened')).toBe(1);
  });

  describe('reporting', () => {
    let settings: PhishingReportSettings;
    const manager = (
      method: 'GET' | 'PUT' | 'POST',
      url: string,
      token = admin,
      payload?: object,
      companyId = company.id,
    ) =>
      t.inject({
        method,
        url: `/api/companies/${companyId}/phishing${url}`,
        headers: bearer(token),
        payload,
      });
    const post = (raw: string, signature = signInbound(INBOUND_SECRET, raw)) =>
      t.inject({
        method: 'POST',
        url: '/api/inbound/mail',
        headers: { 'content-type': 'message/rfc822', 'x-vigil-signature': signature },
        payload: raw,
      });

    beforeAll(async () => {
      const res = await manager('PUT', '/reporting', admin, { securityEmail: 'SOC@phish.example' });
      expect(res.statusCode).toBe(200);
      settings = res.json<PhishingReportSettings>();
    });

    it('gives the company a report address, add-in manifest and Gmail add-on', async () => {
      expect(settings.reportAddress).toMatch(/^report\+[0-9a-f]{16}@in\.vigil\.test$/);
      expect(settings.securityEmail).toBe('soc@phish.example');
      const again = (await manager('GET', '/reporting', viewer)).json<PhishingReportSettings>();
      expect(again).toEqual(settings);
      expect((await manager('PUT', '/reporting', viewer, { securityEmail: '' })).statusCode).toBe(403);
      const manifestPath = settings.outlookManifestUrl.replace(PUBLIC_URL, '');
      const manifest = await t.inject({ method: 'GET', url: manifestPath });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.body).toContain('xsi:type="MailApp"');
      expect(await manifestSchemaErrors(manifest.body)).toEqual([]);
      expect(manifest.body).toContain(
        `${settings.outlookManifestUrl.replace('/manifest.xml', '')}/taskpane.html`,
      );
      const pane = await t.inject({
        method: 'GET',
        url: manifestPath.replace('manifest.xml', 'taskpane.html'),
      });
      expect(pane.body).toContain('https://appsforoffice.microsoft.com/lib/1/hosted/office.js');
      expect(String(pane.headers['content-security-policy'])).toContain('frame-ancestors');
      expect(pane.headers['x-frame-options']).toBeUndefined();
      const zip = await t.inject({ method: 'GET', url: settings.gmailAddonUrl.replace(PUBLIC_URL, '') });
      expect(zip.statusCode).toBe(200);
      expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect(
        (await t.inject({ method: 'GET', url: '/api/phishing/addin/unknown/manifest.xml' })).statusCode,
      ).toBe(401);
    });

    it('credits a simulation forwarded as an attachment to the report address', async () => {
      const { token, deliveryId } = await sentMail();
      const inner = `From: Parcel <no-reply@parcel.example>\r\nTo: alex@phish.example\r\nSubject: Your parcel\r\n${SIMULATION_HEADER}: ${token}\r\nMessage-ID: <sim@x>\r\n\r\nPay the fee.\r\n`;
      const raw = `From: alex@phish.example\r\nTo: ${settings.reportAddress}\r\nSubject: Fwd: Your parcel\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nLooks phishy.\r\n--b1\r\nContent-Type: message/rfc822\r\n\r\n${inner}\r\n--b1--\r\n`;
      const res = await post(raw);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ result: 'simulation' });
      expect(await count(deliveryId, 'reported')).toBe(1);
      expect((await post(raw)).json()).toEqual({ result: 'simulation' });
      expect(await count(deliveryId, 'reported')).toBe(1);
    });

    it('credits an inline forward by the tracking link in its body', async () => {
      const { token, deliveryId } = await sentMail();
      const raw = `From: alex@phish.example\r\nTo: Security <${settings.reportAddress}>\r\nSubject: Fwd: invoice\r\n\r\n---------- Forwarded message ---------\r\nPlease pay: ${PUBLIC_URL}/p/${token}\r\n`;
      expect((await post(raw)).json()).toEqual({ result: 'simulation' });
      const row = (await interactions(deliveryId)).find((r) => r.kind === 'reported');
      expect(row?.reportChannel).toBe('address');
    });

    it('refuses an unsigned or wrongly signed inbound mail', async () => {
      const raw = `From: a@b.example\r\nTo: ${settings.reportAddress}\r\nSubject: x\r\n\r\nx\r\n`;
      expect((await post(raw, 't=1,v1=00')).statusCode).toBe(401);
      expect((await post(raw, signInbound('another-secret-0123456789abcdef', raw))).statusCode).toBe(401);
      const old = signInbound(INBOUND_SECRET, raw, Math.floor(Date.now() / 1000) - 3600);
      expect((await post(raw, old)).statusCode).toBe(401);
    });

    it('keeps a real suspicious mail for the security team and forwards it', async () => {
      const raw = `From: alex@phish.example\r\nTo: ${settings.reportAddress}\r\nSubject: Fwd: Urgent wire transfer\r\nMessage-ID: <real-1@phish.example>\r\n\r\nFrom the CEO: wire 40,000 today.\r\n`;
      expect((await post(raw)).json()).toEqual({ result: 'real' });
      const page = (await manager('GET', '/reported-mails', viewer)).json<ReportedMailsPage>();
      const row = page.rows.find((r) => r.subject === 'Fwd: Urgent wire transfer')!;
      expect(row).toMatchObject({ channel: 'address', reporterEmail: 'alex@phish.example' });
      const detail = (await manager('GET', `/reported-mails/${row.id}`, viewer)).json<ReportedMailDetail>();
      expect(detail.text).toContain('wire 40,000');
      const forwarded = await t.waitForMail('soc@phish.example');
      expect(forwarded.subject).toContain('Urgent wire transfer');
      // Another company sees none of it.
      const foreign = await manager('GET', `/reported-mails/${row.id}`, admin, undefined, other.id);
      expect(foreign.statusCode).toBe(404);
    });

    it('takes a forward over SMTP at the report address', async () => {
      const listener = await startInboundSmtp(t.ctx, 0);
      try {
        const { token, deliveryId } = await sentMail();
        const transport = nodemailer.createTransport({
          host: '127.0.0.1',
          port: listener.port,
          secure: false,
          ignoreTLS: true,
        });
        await transport.sendMail({
          from: 'alex@phish.example',
          to: settings.reportAddress,
          subject: 'Fwd: parcel',
          text: `Forwarded: ${PUBLIC_URL}/p/${token}`,
        });
        expect(await count(deliveryId, 'reported')).toBe(1);
        // Other recipients are refused at RCPT TO.
        await expect(
          transport.sendMail({ from: 'a@b.example', to: 'someone@in.vigil.test', subject: 'x', text: 'x' }),
        ).rejects.toThrow(/550/);
        transport.close();
      } finally {
        await listener.close();
      }
    });

    it('ignores a mail to an address that is no company’s', async () => {
      const raw = `From: a@b.example\r\nTo: report+0000000000000000@in.vigil.test\r\nSubject: x\r\n\r\nx\r\n`;
      expect((await post(raw)).json()).toEqual({ result: 'ignored' });
    });

    it('the report button credits a simulation and forwards a real mail', async () => {
      const key = settings.outlookManifestUrl.split('/addin/')[1]!.split('/')[0]!;
      const { token, deliveryId } = await sentMail();
      const report = (payload: object, k = key) =>
        t.inject({ method: 'POST', url: '/api/phishing/report', headers: bearer(k), payload });
      const sim = await report({
        channel: 'outlook',
        reporterEmail: 'alex@phish.example',
        headers: `Received: from x\r\n${SIMULATION_HEADER}:\r\n ${token}\r\nSubject: parcel\r\n`,
      });
      expect(sim.json<PhishingButtonResult>().result).toBe('simulation');
      expect((await interactions(deliveryId)).find((r) => r.kind === 'reported')?.reportChannel).toBe(
        'outlook',
      );
      const real = await report({
        channel: 'gmail',
        reporterEmail: 'alex@phish.example',
        headers: 'Subject: Reset your password\r\nMessage-ID: <r2@evil.example>',
        subject: 'Reset your password',
        from: 'IT <it@evil.example>',
        body: 'Click here',
      });
      expect(real.json<PhishingButtonResult>().result).toBe('real');
      expect(
        (await report({ channel: 'outlook', reporterEmail: 'a@b.example', headers: '' }, 'wrong')).statusCode,
      ).toBe(401);
      // A simulation of another company is not credited through this company's button.
      const foreign = await sentMail(3600, other.id);
      const cross = await report({
        channel: 'outlook',
        reporterEmail: 'a@b.example',
        headers: `${SIMULATION_HEADER}: ${foreign.token}`,
      });
      expect(cross.json<PhishingButtonResult>().result).toBe('real');
      expect(await count(foreign.deliveryId, 'reported')).toBe(0);
    });

    it('hides who reported under anonymous tracking', async () => {
      await t.ctx.db.update(companies).set({ anonymousTracking: 1 }).where(eq(companies.id, company.id));
      const page = (await manager('GET', '/reported-mails', viewer)).json<ReportedMailsPage>();
      expect(page.rows.length).toBeGreaterThan(0);
      expect(page.rows.every((r) => r.reporterEmail === null)).toBe(true);
      await t.ctx.db.update(companies).set({ anonymousTracking: 0 }).where(eq(companies.id, company.id));
    });

    it('rotating the address and key stops the old ones', async () => {
      const before = (await manager('GET', '/reporting')).json<PhishingReportSettings>();
      const after = (await manager('POST', '/reporting/rotate')).json<PhishingReportSettings>();
      expect(after.reportAddress).not.toBe(before.reportAddress);
      expect(
        (await t.inject({ method: 'GET', url: before.outlookManifestUrl.replace(PUBLIC_URL, '') }))
          .statusCode,
      ).toBe(401);
      settings = after;
    });

    it('tells what to allow-list', async () => {
      const res = (await manager('GET', '/deliverability', viewer)).json<PhishingDeliverability>();
      expect(res.headers[0]!.name).toBe(SIMULATION_HEADER);
      expect(res.linkHost).toBe('vigil.test');
      expect(res.microsoft365.length).toBeGreaterThan(0);
      expect(res.googleWorkspace.length).toBeGreaterThan(0);
    });
  });

  it('enrols a person whose click counts in the program the simulation names, once', async () => {
    const api = (url: string, payload: object) =>
      t.inject({
        method: 'POST',
        url: `/api/companies/${company.id}${url}`,
        headers: bearer(admin),
        payload,
      });
    const list = (await api('/lists', { name: 'Follow-up list' })).json<{ id: string }>().id;
    await api(`/lists/${list}/users`, { users: [{ email: `first-${kind}@phish.example`, name: 'First' }] });
    const program = await api('/automations', sendNowProgram('Follow-up', ['spot-the-phish'], [list]));
    expect(program.statusCode, program.body).toBe(200);
    const programId = program.json<{ automation: { id: string } }>().automation.id;
    await dispatchTrainings(t.ctx.db, new Date());
    await t.ctx.db
      .update(phishingCampaigns)
      .set({ onClick: 'enrol', enrolProgramId: programId })
      .where(eq(phishingCampaigns.id, campaignId));
    try {
      const { token, employeeId } = await sentMail();
      const joined = () =>
        t.ctx.db
          .select()
          .from(trainingDeliveries)
          .where(
            and(eq(trainingDeliveries.trainingId, programId), eq(trainingDeliveries.employeeId, employeeId)),
          );
      // A scanner's request enrols nobody.
      await open(token, { method: 'HEAD' });
      expect(await joined()).toHaveLength(0);
      for (let i = 0; i < 2; i++) {
        const page = await open(token);
        await confirm(token, visitOf(page.body), seen);
      }
      expect(await joined()).toHaveLength(1);
      const learn = await t.inject({ method: 'GET', url: `/p/${token}/learn` });
      expect(learn.body).toContain('enrolled in a short training program');
    } finally {
      await t.ctx.db
        .update(phishingCampaigns)
        .set({ onClick: 'teachable-moment', enrolProgramId: null })
        .where(eq(phishingCampaigns.id, campaignId));
    }
  });

  it('keeps every company’s interactions apart', async () => {
    const mine = await sentMail();
    const theirs = await sentMail(3600, other.id);
    await open(theirs.token);
    const rows = await t.ctx.db
      .select()
      .from(phishingInteractions)
      .where(
        and(
          eq(phishingInteractions.companyId, company.id),
          eq(phishingInteractions.deliveryId, theirs.deliveryId),
        ),
      );
    expect(rows).toEqual([]);
    expect(await count(mine.deliveryId, 'scanner')).toBe(0);
  });
});

describe.each(testDatabases())('The rate limit of /p/* per network on %s', (kind) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('answers a network over its ceiling with 429, and other networks as before', async () => {
    t = await createTestApp(kind, { PHISHING_NETWORK_RATE_LIMIT: '5' });
    const db = t.ctx.db;
    const company = await createCompany(db, { name: 'Ceiling Co' });
    const [campaign] = await db
      .insert(phishingCampaigns)
      .values({ companyId: company.id, name: 'Ceiling', status: 'active' })
      .returning();
    const [event] = await db
      .insert(phishingEvents)
      .values({
        companyId: company.id,
        campaignId: campaign!.id,
        type: 1,
        position: 0,
        sendAt: new Date(),
        status: 'sent',
      })
      .returning();
    const { phishingLibrary } = await import('../phishing/phishing.library.ts');
    const tokens: string[] = [];
    for (let i = 0; i < 7; i++) {
      const [emp] = await db
        .insert(employees)
        .values({ companyId: company.id, email: `ceiling${i}@phish.example`, name: `Ceiling ${i}` })
        .returning();
      const [d] = await db
        .insert(phishingDeliveries)
        .values({
          eventId: event!.id,
          companyId: company.id,
          employeeId: emp!.id,
          channel: 1,
          status: 'sent',
          campaignId: campaign!.id,
          templateId: phishingLibrary().templates[0]!.id,
          mailLanguage: 'en',
          sentAt: new Date(Date.now() - 3_600_000),
        })
        .returning();
      tokens.push(phishingToken(t.config.secretKey, d!.id));
    }
    const open = (token: string, address: string) =>
      t.inject({
        method: 'GET',
        url: `/p/${token}`,
        remoteAddress: address,
        headers: { 'user-agent': PHONE_UA },
      });
    // Six different mails from one /24: five are answered, the sixth waits.
    const statuses = [];
    for (const [i, token] of tokens.slice(0, 6).entries())
      statuses.push((await open(token, `198.51.100.${10 + i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await open(tokens[6]!, '198.51.100.99')).headers['retry-after']).toBeTruthy();
    expect((await open(tokens[6]!, '198.51.101.1')).statusCode).toBe(200);
  });
});
