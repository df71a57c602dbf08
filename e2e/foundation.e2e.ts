import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';

describe('foundation journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    return page;
  }

  it('signs in with the link npm start printed and shows the shell', async () => {
    const link = inject('startupOutput').match(/https?:\/\/\S+\/auth\/email\/signin\/\S+/)?.[0];
    expect(link).toBeDefined();
    const page = await newPage();
    await page.goto(link!);
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => page.getByTestId('user-menu').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('Harbor Logistics').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    for (const tab of ['Dashboard', 'Training programs', 'Assessments', 'Employees', 'Reports', 'Content']) {
      expect(await page.getByRole('link', { name: tab, exact: true }).first().isVisible()).toBe(true);
    }
    await shoot(page, '01-dashboard-after-printed-link');

    // The printed link works once.
    const again = await newPage();
    await again.goto(link!);
    await again.waitForURL(/\/auth\/error\/email/);
    await expect
      .poll(() => again.getByText('The link you tried to sign in with is not valid.').isVisible())
      .toBe(true);
    await shoot(again, '02-used-link-error');
  });

  it('requests a link, opens it from the mailbox, switches company, edits the profile and signs out', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/settings`);
    await page.waitForURL(/\/auth\/signin\/?\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/settings');
    await shoot(page, '03-signin');

    const email = page.getByLabel('Work email');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('Please enter your work email').isVisible()).toBe(true);
    await email.fill('nobody@unknown.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() =>
        page.getByText('The email is not registered in our system. Would you like to sign up?').isVisible(),
      )
      .toBe(true);
    await shoot(page, '04-signin-unregistered');

    // Other journeys may have mailed this person already: wait for one more mail than there was.
    const mailsBefore = (
      (await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(ADMIN)}`)).json()) as unknown[]
    ).length;
    await email.fill(ADMIN);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/auth\/check-email/);
    await shoot(page, '05-check-email');

    // The mail arrives through the job queue; the outbox shows it.
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(ADMIN)}`);
          return page.getByRole('link', { name: 'Your Vigil sign-in link' }).count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(mailsBefore);
    await shoot(page, '06-mailbox');
    await page.getByRole('link', { name: 'Your Vigil sign-in link' }).first().click();
    await shoot(page, '07-mail');
    await page.frameLocator('iframe').getByRole('link', { name: 'Sign in' }).click();

    await page.waitForURL(/\/settings\/?$/, { timeout: 20_000 });
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('Alex Morgan');
    await shoot(page, '08-settings-profile');

    await name.fill('Alex J. Morgan');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Your profile successful updated').isVisible()).toBe(true);
    await shoot(page, '09-profile-saved');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /Kestrel Engineering/ }).click();
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('companyId')), { timeout: 10_000 })
      .not.toBeNull();
    await expect
      .poll(() => page.getByTestId('user-menu').textContent(), { timeout: 10_000 })
      .toContain('Kestrel Engineering');
    await shoot(page, '10-switched-company');

    // A viewer in Kestrel: admin-only settings say Access denied.
    await page.goto(`${baseUrl}/settings/admins`);
    await expect
      .poll(() => page.getByText('You do not have permission to access the requested page.').isVisible())
      .toBe(true);
    await shoot(page, '11-access-denied');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/auth\/signin/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await shoot(page, '12-signed-out');
  });

  it('shows the not-found page and works on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/no/such/page`);
    await expect.poll(() => page.getByText('Page not found').first().isVisible()).toBe(true);
    await shoot(page, '13-not-found-phone');
    await page.goto(`${baseUrl}/auth/signup`);
    await shoot(page, '14-signup-phone');
  });
});
