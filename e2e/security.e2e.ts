import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as callApi, mailTo, managerToken, sendNowProgram } from './api.ts';
import { launchBrowser, shoot } from './browser.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const SUPER_ADMIN = 'riley.quinn@vigil.example';
const ADMIN = 'alex.morgan@harbor-logistics.example';
const EMPLOYEE = 'casey.mailed@harbor-logistics.example';

const api = <T>(token: string, method: string, url: string, body?: object) =>
  callApi<T>(baseUrl, token, method, url, body);

/** GET /api/auth/user with a token: the status and the email it answers for. */
async function whoIs(token: string | null): Promise<{ status: number; email?: string }> {
  const res = await fetch(`${baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, email: res.ok ? ((await res.json()) as { email: string }).email : undefined };
}

describe('privacy and security journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(viewport = { width: 1440, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    return page;
  }
  const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

  async function impersonate(page: Page, email: string): Promise<void> {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Impersonate user' }).click();
    await page.getByLabel("Manager's email").fill(email);
    await page.getByRole('button', { name: 'Impersonate', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('impersonation-banner').isVisible(), { timeout: 20_000 })
      .toBe(true);
  }

  it('a super-admin impersonates a manager and only their own session brings them back', async () => {
    const page = await newPage();
    await signInAs(page, baseUrl, SUPER_ADMIN);
    const own = await stored(page, 'token');
    await impersonate(page, ADMIN);
    expect(await page.getByTestId('impersonation-banner').textContent()).toContain(ADMIN);
    await shoot(page, '90-impersonation-banner');
    const impersonation = await stored(page, 'token');
    expect(await stored(page, 'impersonatorToken')).toBe(own);
    expect(await whoIs(impersonation)).toEqual({ status: 200, email: ADMIN });

    await page.getByRole('button', { name: 'Back to my account' }).click();
    await expect.poll(() => page.getByTestId('impersonation-banner').isVisible()).toBe(false);
    expect(await stored(page, 'token')).toBe(own);
    expect(await stored(page, 'impersonatorToken')).toBeNull();
    expect(await whoIs(own)).toEqual({ status: 200, email: SUPER_ADMIN });
    expect((await whoIs(impersonation)).status).toBe(401);

    // The audit shows the start and the end.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Impersonation log' }).click();
    const log = page.getByTestId('impersonation-log');
    await expect.poll(() => log.getByText(ADMIN).first().isVisible(), { timeout: 15_000 }).toBe(true);
    const firstRows = await log.locator('tbody tr').allInnerTexts();
    expect(firstRows[0]).toMatch(/ended/i);
    expect(firstRows[0]).toContain(SUPER_ADMIN);
    expect(firstRows[1]).toMatch(/started/i);
    await shoot(page, '94-impersonation-log');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, '95-impersonation-log-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Signed out elsewhere, the super-admin takes the impersonation down with them.
    await impersonate(page, ADMIN);
    await fetch(`${baseUrl}/api/auth/signout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${own}` },
    });
    await page.reload();
    await page.waitForURL(/\/auth\/signin/, { timeout: 20_000 });
    expect(await stored(page, 'token')).toBeNull();
    await shoot(page, '91-impersonation-ended-with-super-admin');
    await page.context().close();
  });

  it('a super-admin opens a mail by clicking its row in the mail log', async () => {
    const token = await managerToken(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      token,
      'GET',
      '/companies/my_companies',
    );
    const companyId = companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
    const list = await api<{ id: string }>(token, 'POST', `/companies/${companyId}/lists`, {
      name: `Mail log ${Date.now().toString(36)}`,
    });
    await api(token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, {
      users: [{ email: EMPLOYEE, name: 'Casey Mailed' }],
    });
    const name = `Mail log check ${Date.now().toString(36)}`;
    const saved = await api<{ automation: { id: string } }>(
      token,
      'POST',
      `/companies/${companyId}/automations`,
      sendNowProgram(name, ['spot-the-phish'], list.id),
    );
    const subject = `${name}: new lessons for you`;
    await mailTo(baseUrl, EMPLOYEE, subject);

    const page = await newPage();
    await signInAs(page, baseUrl, SUPER_ADMIN);
    // Once the app has chosen the super-admin's own company, they switch to Harbor's.
    await expect.poll(() => stored(page, 'companyId'), { timeout: 15_000 }).not.toBeNull();
    await page.evaluate((id) => localStorage.setItem('companyId', id), companyId);
    await page.goto(`${baseUrl}/trainings/${saved.automation.id}/user/${encodeURIComponent(EMPLOYEE)}`);
    const log = page.getByTestId('employee-log');
    await expect
      .poll(() => log.getByText('Training email').first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    await log.getByText('Training email').first().click();
    await expect.poll(() => page.getByRole('dialog').getByText(subject).first().isVisible()).toBe(true);
    const body = page.getByRole('dialog').frameLocator('iframe');
    await expect
      .poll(() => body.getByText('New lessons are ready for you').first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    await shoot(page, '92-mail-log-row-opens-mail');
    await page.context().close();
  });

  it('keeps "Go to homepage" on our origin whatever the redirect says', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signInAs(page, baseUrl, ADMIN);
    await page.goto(`${baseUrl}/auth/signin/?redirect=%2F%09%2Fevil.example`);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    const home = page.getByRole('link', { name: 'Go to homepage' });
    if (await home.isVisible()) {
      const href = await home.getAttribute('href');
      expect(new URL(href!, page.url()).origin).toBe(new URL(baseUrl).origin);
      await home.click();
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    }
    await shoot(page, '93-redirect-stays-home');
    await page.context().close();
  });
});
