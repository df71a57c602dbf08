import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as callApi, managerToken, sendNowProgram } from './api.ts';
import { launchBrowser, shoot } from './browser.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const VIEWER = 'sam.lee@harbor-logistics.example';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const api = <T>(token: string, method: string, url: string, body?: object) =>
  callApi<T>(baseUrl, token, method, url, body);
const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();
const mailCount = async (to: string) =>
  ((await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as unknown[])
    .length;

/** Spec behaviours of issue 15: the check-email page, threat-area codes and the training report. */
describe('spec behaviours', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function newPage(viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    return page;
  }

  it('check-email: "Resend it" mails the link again ("Email was re-sent"); sign-up gives spam-folder advice', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${baseUrl}/auth/signin`);
    const before = await mailCount(ADMIN);
    await page.getByLabel('Work email').fill(ADMIN);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/auth\/check-email\/?\?utm_term=login/);
    await expect.poll(() => visible(page, `We sent a sign-in link to ${ADMIN}.`)).toBe(true);
    expect(await page.getByTestId('spam-advice').count()).toBe(0);
    await page.getByRole('button', { name: 'Resend it' }).click();
    await expect.poll(() => visible(page, 'Email was re-sent')).toBe(true);
    await shoot(page, '90-check-email-resent-phone');
    await expect.poll(() => mailCount(ADMIN), { timeout: 15_000 }).toBe(before + 2);

    const newcomer = `e2e.signup.${Date.now().toString(36)}@newco.example`;
    await page.goto(`${baseUrl}/auth/signup`);
    await page.getByLabel('Work email').fill(newcomer);
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL(/\/auth\/check-email\/?\?utm_term=signup/);
    await expect.poll(() => visible(page, 'Confirm your email')).toBe(true);
    const advice = page.getByTestId('spam-advice');
    expect(await advice.textContent()).toContain('Look in your spam or junk folder');
    await expect.poll(() => mailCount(newcomer), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Resend it' }).click();
    await expect.poll(() => visible(page, 'Email was re-sent')).toBe(true);
    await expect.poll(() => mailCount(newcomer), { timeout: 15_000 }).toBe(2);
    await shoot(page, '91-check-email-signup-phone');
  });

  it("opens a threat area by the spec's code (/threatAreas/Email_phishing) as well as by our id", async () => {
    const token = await managerToken(baseUrl, ADMIN);
    const harbor = await harborId(token);
    const list = await api<{ rows: Array<{ id: string; name: string }> }>(
      token,
      'GET',
      `/companies/${harbor}/assessments?tab=completed`,
    );
    const baseline = list.rows.find((a) => a.name.startsWith('Baseline'))!;
    const page = await newPage();
    await signInAs(page, baseUrl, ADMIN, '/');
    for (const [code, viewport, shot] of [
      ['Email_phishing', DESKTOP, '92-threat-area-spec-code'],
      ['email-phishing', PHONE, '93-threat-area-id-phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl}/assessment/${baseline.id}/view/threatAreas/${code}/`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Email phishing', level: 1 }).isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      await expect.poll(() => page.getByTestId('area-average').isVisible()).toBe(true);
      expect(await visible(page, 'Threat area not found')).toBe(false);
      await page.waitForLoadState('networkidle');
      await shoot(page, shot);
    }
  });

  it('a training report reached with ?token= signs the admin in; admins copy a sign-in link and delete users', async () => {
    const token = await managerToken(baseUrl, ADMIN);
    const harbor = await harborId(token);
    const stamp = Date.now().toString(36);
    const leaving = { email: `e2e.leaving.${stamp}@harbor-logistics.example`, name: 'Lee Leaving' };
    const staying = { email: `e2e.staying.${stamp}@harbor-logistics.example`, name: 'Sue Staying' };
    const list = await api<{ id: string }>(token, 'POST', `/companies/${harbor}/lists`, {
      name: `E2E report actions ${stamp}`,
    });
    await api(token, 'POST', `/companies/${harbor}/lists/${list.id}/users`, { users: [leaving, staying] });
    const program = `Report actions ${stamp}`;
    const saved = await api<{ automation: { id: string } }>(
      token,
      'POST',
      `/companies/${harbor}/automations`,
      sendNowProgram(program, ['spot-the-phish'], list.id),
    );
    const reportPath = `/${harbor}/training-report/${saved.automation.id}/`;

    // A browser with no session: the address's token signs the admin in and leaves the address.
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}${reportPath}?token=${encodeURIComponent(token)}`);
    await expect
      .poll(() => page.getByRole('heading', { name: program }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe(reportPath);
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).not.toBeNull();
    const rows = page.getByTestId('report-employees').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await page.waitForLoadState('networkidle');
    await shoot(page, '94-training-report-admin-actions');

    // Copy sign-in link: a real learner link that opens the employee's trainings.
    await page.getByRole('button', { name: `Copy the sign-in link of ${staying.email}` }).click();
    await expect.poll(() => visible(page, `Sign-in link of ${staying.email} copied.`)).toBe(true);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/learn\/?#t=/);
    // The learner app shows what has been delivered: open the link once the lessons are mailed.
    await expect.poll(() => mailCount(staying.email), { timeout: 30_000 }).toBeGreaterThan(0);
    const learner = await newPage(PHONE);
    await learner.goto(link);
    await expect.poll(() => visible(learner, program), { timeout: 20_000 }).toBe(true);
    await shoot(learner, '95-copied-signin-link-learner-phone');

    // Delete users: pick one, confirm, and they are gone from the report and from the company's lists.
    const deleteButton = page.getByTestId('report-delete-users');
    expect(await deleteButton.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: `Select ${leaving.name}` }).check();
    await expect.poll(() => deleteButton.textContent()).toBe('Delete 1 user');
    await deleteButton.click();
    await expect.poll(() => visible(page, 'Delete 1 employee?')).toBe(true);
    await shoot(page, '96-training-report-delete-confirm');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => visible(page, 'Employees deleted.'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await visible(page, leaving.email)).toBe(false);
    const members = await api<{ rows: Array<{ email: string }> }>(
      token,
      'GET',
      `/companies/${harbor}/lists/${list.id}/users`,
    );
    expect(members.rows.map((m) => m.email)).toEqual([staying.email]);

    await page.setViewportSize(PHONE);
    await page.waitForLoadState('networkidle');
    await shoot(page, '97-training-report-phone');

    // A token that signs no one in ends at sign-in, with the way back to the report (without the token).
    const stranger = await newPage();
    await stranger.goto(`${baseUrl}${reportPath}?token=not-a-session`);
    await stranger.waitForURL(/\/auth\/signin\/?\?redirect=/, { timeout: 20_000 });
    expect(decodeURIComponent(stranger.url())).toContain(`redirect=${reportPath}`);
    expect(decodeURIComponent(stranger.url())).not.toContain('not-a-session');

    // A viewer reads the same report without the admins' actions.
    const viewer = await newPage();
    await signInAs(viewer, baseUrl, VIEWER, reportPath);
    await expect
      .poll(() => viewer.getByRole('heading', { name: program }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await viewer.getByTestId('report-delete-users').count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /Copy the sign-in link/ }).count()).toBe(0);
  });
});

async function harborId(token: string): Promise<string> {
  const companies = await api<Array<{ company_id: string; company_name: string }>>(
    token,
    'GET',
    '/companies/my_companies',
  );
  return companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
}
