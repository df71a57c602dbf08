/**
 * The phishing journey (issue 24): a manager creates a simulation in the wizard, the simulated mail
 * reaches /dev/mailbox, a mail scanner's requests are replayed (HEAD and GET with the Safe Links user
 * agent) and stay scanner activity, the employee clicks on a phone and meets the teachable moment,
 * the manager sees both counts in the results (1440 and 390 px), and a forward to the company's
 * report address, sent over SMTP to the server's listener, credits the simulation as reported; a real
 * suspicious mail, posted through the signed inbound webhook, lands on the security team's list. The
 * employee's page shows their simulations and the timeline. Axe on every page at 1440 and 390 px.
 */
import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, newPageAt, shoot } from './browser.ts';
import { visible } from './learner.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const inboundSmtpPort = inject('inboundSmtpPort');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const RUN = Date.now().toString(36);
const EMPLOYEE = { email: `robin.phish.${RUN}@harbor-logistics.example`, name: 'Robin Phish' };
const NAME = `Parcel check ${RUN}`;
/** The inbound webhook's secret, as global-setup starts the server with it. */
const INBOUND_SECRET = 'e2e-inbound-mail-secret-0123456789';
/** What Microsoft Defender for Office 365 Safe Links sends when it checks a link (recorded pattern). */
const SAFE_LINKS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Microsoft Office SafeLinks';

/** A phone's browser as it introduces itself (Chrome on Android). */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface Mail {
  subject: string;
  text: string;
  html?: string;
  createdAt: string;
}

async function mailsTo(to: string): Promise<Mail[]> {
  return (await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as Mail[];
}

/** The simulated mail to `to`: the one whose text holds a tracking link of ours. */
async function simulatedMail(to: string): Promise<{ mail: Mail; link: string }> {
  for (let i = 0; i < 480; i++) {
    for (const mail of await mailsTo(to)) {
      const link = `${mail.text}\n${mail.html ?? ''}`.match(
        /https?:\/\/[^\s"'<>]+\/p\/[A-Za-z0-9_-]{16,100}/,
      )?.[0];
      if (link) return { mail, link };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no simulated mail to ${to}`);
}

/** Runs axe on the page at 1440 and 390 px (the same page, resized). */
async function axeAtBothWidths(page: Page, label: string) {
  const size = page.viewportSize();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.waitForTimeout(300);
    await checkAccessibility(page, `${label} at ${width} px`);
  }
  if (size) await page.setViewportSize(size);
}

describe('phishing journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a simulation, filters a scanner, counts a phone click, and credits a report', async () => {
    const token = await managerToken(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      token,
      'GET',
      '/companies/my_companies',
    );
    const companyId = companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
    const listName = `Phishing pilot ${RUN}`;
    const list = await api<{ id: string }>(baseUrl, token, 'POST', `/companies/${companyId}/lists`, {
      name: listName,
    });
    await api(baseUrl, token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, {
      users: [EMPLOYEE],
    });

    // ── The manager goes through the wizard ──
    const manager = await newPageAt(browser, 1440);
    await signInAs(manager, baseUrl, ADMIN, '/phishing/');
    await expect.poll(() => visible(manager, 'New simulation'), { timeout: 20_000 }).toBe(true);
    await shoot(manager, '90-phishing-list');
    await axeAtBothWidths(manager, 'the phishing list');

    await manager.goto(`${baseUrl}/phishing/templates/`);
    await expect
      .poll(() => manager.getByTestId('template-card').count(), { timeout: 20_000 })
      .toBeGreaterThan(29);
    await manager.getByTestId('template-lure').click();
    await manager.getByRole('option', { name: 'Credential harvest' }).click();
    await expect.poll(() => manager.getByTestId('template-card').count()).toBeGreaterThan(0);
    await manager
      .getByTestId('template-card')
      .first()
      .getByRole('button', { name: /Preview/ })
      .click();
    await expect.poll(() => manager.getByTestId('red-flags').isVisible(), { timeout: 15_000 }).toBe(true);
    await shoot(manager, '91-phishing-template-preview');
    await checkAccessibility(manager, 'the template preview');
    await manager.keyboard.press('Escape');
    await axeAtBothWidths(manager, 'the phishing templates');

    await manager.goto(`${baseUrl}/phishing/create/`);
    await expect
      .poll(() => manager.getByTestId('template-card').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    for (const step of ['Templates', 'Employees', 'Send window', 'Landing and click', 'Summary', 'Start'])
      expect(
        await manager.getByTestId('wizard-stepper').getByText(step, { exact: true }).isVisible(),
        step,
      ).toBe(true);
    await manager.getByTestId('mode-selected').check();
    await manager.getByTestId('template-lure').click();
    await manager.getByRole('option', { name: 'Credential harvest' }).click();
    await manager.getByTestId('template-card').first().getByRole('checkbox').check();
    await expect.poll(() => visible(manager, '1 template ticked')).toBe(true);
    await shoot(manager, '92-phishing-wizard-templates');
    await checkAccessibility(manager, 'the wizard templates step');
    const next = manager.getByRole('button', { name: 'Continue', exact: true });
    await next.click();

    await manager
      .getByRole('row', { name: new RegExp(listName) })
      .getByRole('checkbox')
      .check();
    await expect.poll(() => visible(manager, /Employees selected: 1/)).toBe(true);
    await next.click();

    // One day whose business hours are already over in UTC: no time is left to spread the mails, so
    // the server sends them as soon as the simulation starts (its rule for a window with no time).
    await manager.getByTestId('window-days').fill('1');
    await manager.getByRole('switch', { name: 'Weekdays only' }).uncheck({ force: true });
    const hour = new Date().getUTCHours();
    await manager.getByTestId('window-time-zone').fill('UTC');
    await manager.getByRole('option', { name: 'UTC', exact: true }).click();
    await manager.getByRole('combobox', { name: 'From', exact: true }).click();
    await manager.getByRole('option', { name: '00:00' }).click();
    await manager.getByRole('combobox', { name: 'To', exact: true }).click();
    await manager.getByRole('option', { name: hour >= 1 ? '01:00' : '24:00' }).click();
    await shoot(manager, '93-phishing-wizard-window');
    await checkAccessibility(manager, 'the wizard send window step');
    await next.click();

    await expect.poll(() => visible(manager, 'Show the teachable moment')).toBe(true);
    await shoot(manager, '94-phishing-wizard-click');
    await checkAccessibility(manager, 'the wizard landing and click step');
    await next.click();

    await expect.poll(() => manager.getByTestId('phishing-summary').isVisible()).toBe(true);
    await shoot(manager, '95-phishing-wizard-summary');
    await axeAtBothWidths(manager, 'the wizard summary');
    await manager.getByRole('button', { name: 'Create', exact: true }).click();
    await manager.getByRole('dialog').getByLabel('Simulation name').fill(NAME);
    await manager.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    await manager.getByRole('button', { name: 'Start now' }).click();
    await expect
      .poll(() => manager.getByTestId('phishing-started').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await shoot(manager, '96-phishing-started');
    const simulationId = new URL(manager.url()).pathname.split('/').filter(Boolean).at(-1)!;

    // ── The simulated mail arrives ──
    const { mail, link } = await simulatedMail(EMPLOYEE.email);

    // ── A mail scanner checks the link first: HEAD, then a GET, as Safe Links does ──
    const head = await fetch(link, { method: 'HEAD', headers: { 'user-agent': SAFE_LINKS_UA } });
    expect(head.status).toBeLessThan(500);
    const scan = await fetch(link, { headers: { 'user-agent': SAFE_LINKS_UA } });
    expect(scan.status).toBeLessThan(500);
    const afterScan = await api<{ clicked: number; scannerEvents: number }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/phishing/${simulationId}`,
    );
    expect(afterScan.clicked).toBe(0);
    expect(afterScan.scannerEvents).toBeGreaterThanOrEqual(2);

    // ── The employee opens the mail on a phone and clicks ──
    // A person's phone: the journey's Chromium is headless and driven by automation, which the scanner
    // rules rightly take for a machine (HeadlessChrome, navigator.webdriver); a phone sends neither.
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_UA,
    });
    await phoneContext.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
    );
    const phone = await phoneContext.newPage();
    phone.on('pageerror', (err) => console.error('phone page error:', err.message));
    await phone.goto(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(EMPLOYEE.email)}`);
    // The mailbox's table is wider than a phone; its link is followed as a tap on it would.
    const opened = await phone.getByRole('link', { name: mail.subject }).first().getAttribute('href');
    await phone.goto(new URL(opened!, baseUrl).toString());
    await shoot(phone, '97-phishing-mail-phone');
    const frame = phone.frameLocator('iframe').first();
    const anchor = frame.locator('a[href*="/p/"]').first();
    const href = (await anchor.getAttribute('href'))!;
    expect(href).toBe(link);
    // The mailbox frame opens links elsewhere; the phone follows the link as a tap on it would.
    await phone.goto(href);
    await phone.waitForLoadState('load');
    await shoot(phone, '98-phishing-landing-phone');
    await checkAccessibility(phone, 'the landing page on a phone');
    await phone.tap('body');
    const field = phone.locator('input:not([type="hidden"])').last();
    if ((await field.count()) > 0) await field.fill('not-a-real-password');
    await phone.locator('button[type="submit"], input[type="submit"]').first().tap();
    await phone.waitForURL(/\/learn/, { timeout: 20_000 });
    await shoot(phone, '99-phishing-teachable-moment-phone');
    await checkAccessibility(phone, 'the teachable moment on a phone');
    const lesson = await phone.locator('body').innerText();
    expect(lesson).not.toContain('not-a-real-password');

    // ── The manager sees one click and the scanner activity apart ──
    await expect
      .poll(
        async () =>
          (
            await api<{ clicked: number; submitted: number; scannerEvents: number }>(
              baseUrl,
              token,
              'GET',
              `/companies/${companyId}/phishing/${simulationId}`,
            )
          ).clicked,
        { timeout: 20_000 },
      )
      .toBe(1);
    await manager.goto(`${baseUrl}/phishing/${simulationId}/view/`);
    await expect.poll(() => manager.getByTestId('total-clicks').textContent(), { timeout: 20_000 }).toBe('1');
    expect(Number(await manager.getByTestId('total-scanner').textContent())).toBeGreaterThanOrEqual(2);
    expect(await manager.getByTestId('figure-clicked').textContent()).toBe('1');
    await shoot(manager, '100-phishing-results');
    await axeAtBothWidths(manager, 'the phishing results');
    const results390 = await newPageAt(browser, 390);
    await signInAs(results390, baseUrl, ADMIN, `/phishing/${simulationId}/view/`);
    await expect
      .poll(() => results390.getByTestId('total-clicks').textContent(), { timeout: 20_000 })
      .toBe('1');
    await shoot(results390, '101-phishing-results-phone');

    await manager.goto(`${baseUrl}/phishing/${simulationId}/view/employees/`);
    await manager.getByRole('button', { name: `Timeline of ${EMPLOYEE.name}` }).click();
    await expect
      .poll(() => manager.getByTestId('employee-timeline').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => visible(manager, 'Scanner activity (not a click)')).toBe(true);
    await expect.poll(() => visible(manager, 'Known scanner or link preview')).toBe(true);
    await shoot(manager, '102-phishing-timeline');
    await checkAccessibility(manager, 'the employee timeline');
    await manager.keyboard.press('Escape');

    // ── The employee forwards the mail to the report address ──
    const reporting = await api<{ reportAddress: string }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/phishing/reporting`,
    );
    const forward = (subject: string, body: string) =>
      [
        `From: ${EMPLOYEE.name} <${EMPLOYEE.email}>`,
        `To: ${reporting.reportAddress}`,
        `Subject: ${subject}`,
        `Message-ID: <${RUN}.${subject.length}@harbor-logistics.example>`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
        '',
      ].join('\r\n');
    const inbound = async (raw: string) => {
      const at = Math.floor(Date.now() / 1000);
      const signature = createHmac('sha256', INBOUND_SECRET).update(`${at}.${raw}`).digest('hex');
      const res = await fetch(`${baseUrl}/api/inbound/mail`, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822', 'x-vigil-signature': `t=${at},v1=${signature}` },
        body: raw,
      });
      expect(res.status).toBe(202);
      return ((await res.json()) as { result: string }).result;
    };
    // The employee's mail program forwards the simulated mail over SMTP to the report address.
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inboundSmtpPort,
      secure: false,
      ignoreTLS: true,
    });
    const sent = await smtp.sendMail({
      envelope: { from: EMPLOYEE.email, to: reporting.reportAddress },
      raw: forward(
        `Fwd: ${mail.subject}`,
        `This looks phishy.\r\n\r\n---------- Forwarded ----------\r\n${mail.text}`,
      ),
    });
    expect(sent.accepted).toEqual([reporting.reportAddress]);
    // The listener refuses any other address of the domain.
    await expect(
      smtp.sendMail({
        envelope: { from: EMPLOYEE.email, to: `someone@${reporting.reportAddress.split('@')[1]}` },
        raw: forward('Hello', 'Not a report.'),
      }),
    ).rejects.toThrow(/550/);
    smtp.close();
    expect(
      await inbound(
        forward(
          'Fwd: Your mailbox is full',
          'From: "Mail Admin" <admin@mailbox-quota.example>\r\nClick https://mailbox-quota.example/fix to keep your mail.',
        ),
      ),
    ).toBe('real');

    await manager.reload();
    await expect
      .poll(() => manager.getByTestId('figure-reported').textContent(), { timeout: 20_000 })
      .toBe('1');
    await manager.goto(`${baseUrl}/phishing/${simulationId}/view/`);
    await expect
      .poll(() => manager.getByTestId('total-reported').textContent(), { timeout: 20_000 })
      .toBe('1');
    await expect
      .poll(() => manager.getByTestId('time-to-first-report').textContent())
      .not.toContain('No report yet');
    await shoot(manager, '103-phishing-reported');

    // ── The employee's page shows the simulation, what they did, and its timeline ──
    const employeePage = `${baseUrl}/users/list/${list.id}/user/${encodeURIComponent(EMPLOYEE.email)}/`;
    await manager.goto(employeePage);
    const record = manager.getByTestId(`employee-phishing-${simulationId}`);
    await expect.poll(() => record.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await record.textContent()).toContain(NAME);
    expect(await record.textContent()).toContain('Reported');
    expect(await manager.getByTestId('employee-phishing-figures').textContent()).toMatch(
      /1 simulation[\s\S]*Clicked 1[\s\S]*Reported 1/,
    );
    await shoot(manager, '103a-employee-phishing');
    await axeAtBothWidths(manager, 'the employee page with their simulations');
    await record.getByRole('button', { name: `Timeline of ${NAME}` }).click();
    await expect
      .poll(() => manager.getByTestId('employee-phishing-timeline').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => manager.getByTestId('employee-phishing-timeline').textContent())
      .toMatch(/Delivered[\s\S]*Scanner activity \(not a click\)[\s\S]*Clicked[\s\S]*Reported/);
    await shoot(manager, '103b-employee-phishing-timeline');
    await checkAccessibility(manager, 'the employee page timeline');
    await manager.keyboard.press('Escape');
    const employee390 = await newPageAt(browser, 390);
    await signInAs(employee390, baseUrl, ADMIN, employeePage.replace(baseUrl, ''));
    await expect
      .poll(() => employee390.getByTestId(`employee-phishing-${simulationId}`).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await shoot(employee390, '103c-employee-phishing-phone');
    await employee390.close();

    await manager.goto(`${baseUrl}/phishing/reported/`);
    await expect.poll(() => visible(manager, 'Fwd: Your mailbox is full'), { timeout: 20_000 }).toBe(true);
    expect(await visible(manager, `Fwd: ${mail.subject}`)).toBe(false);
    await shoot(manager, '104-phishing-reported-mails');
    await axeAtBothWidths(manager, 'the reported mails');

    await manager.goto(`${baseUrl}/phishing/settings/`);
    await expect
      .poll(() => manager.getByTestId('report-address').inputValue(), { timeout: 20_000 })
      .toBe(reporting.reportAddress);
    await expect.poll(() => manager.getByTestId('deliverability').isVisible()).toBe(true);
    await shoot(manager, '105-phishing-settings');
    await axeAtBothWidths(manager, 'the sending and reporting settings');

    // The dashboard carries the phishing figures of the last 12 months.
    await manager.goto(`${baseUrl}/`);
    await expect
      .poll(
        async () => {
          await manager.mouse.wheel(0, 2000);
          return manager.getByTestId('dashboard-phish-prone').isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await shoot(manager, '106-phishing-dashboard');
    await axeAtBothWidths(manager, 'the dashboard with its phishing panel');
  });
});
