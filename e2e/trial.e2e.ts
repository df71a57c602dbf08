/**
 * The free-trial journey (issue 18): a person starts a trial from /trial, confirms the address from
 * the mail in /dev/mailbox, lands signed in on the new company's dashboard with the trial banner and
 * its starter list; then the demo admin switches to the demo company whose subscription has ended and
 * finds the expired banner and the actions that would send or add disabled, with their reason.
 * Screenshots at 1440 and 390 px; axe on each page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, mailTo } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const suffix = Date.now().toString(36);
const FOUNDER = `founder.${suffix}@wrenfield-trial.example`;
const DEMO_ADMIN = 'alex.morgan@harbor-logistics.example';
const EXPIRED = 'Plover Foods';
const STARTER_LIST = 'My first list';

const eventually = <T>(fn: () => T | Promise<T>, opts: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 20_000, ...opts });

describe('free trial journey', () => {
  let browser: Browser;
  let desktop: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await desktop.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The same page at phone width, signed in with the same session. */
  async function onPhone(path: string, name: string, ready: (p: Page) => Promise<unknown>) {
    const storage = await page.evaluate(() => ({ ...window.localStorage }));
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await phone.addInitScript((values: Record<string, string>) => {
      for (const [k, v] of Object.entries(values)) window.localStorage.setItem(k, v);
    }, storage);
    const p = await phone.newPage();
    await p.goto(`${baseUrl}${path}`);
    await ready(p);
    await shoot(p, name);
    await checkAccessibility(p, `${name} at 390 px`);
    const wide = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    await phone.close();
  }

  it('starts a trial from /trial, confirms it from the mailbox and lands signed in with the trial banner', async () => {
    await page.goto(`${baseUrl}/trial`);
    await page.waitForURL(/\/auth\/signup/);
    await page.getByTestId('signup-email').fill(FOUNDER);
    await shoot(page, 'trial-01-signup');
    await checkAccessibility(page, 'the trial sign-up page');
    await page.getByTestId('signup-submit').click();
    await page.waitForURL(/\/auth\/check-email/);
    await eventually(() => page.getByText('Confirm your email').first().isVisible()).toBe(true);
    await shoot(page, 'trial-02-check-email');

    const subject = 'Confirm your email to start your Vigil trial';
    const mail = await mailTo(baseUrl, FOUNDER, subject);
    expect(mail.text).toMatch(/\/trial\/verify\/[A-Za-z0-9_-]+/);
    await page.goto(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(FOUNDER)}`);
    await page.getByRole('link', { name: subject }).first().click();
    await shoot(page, 'trial-03-mail');
    await page.frameLocator('iframe').getByRole('link', { name: 'Confirm and sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/trial/') && !url.pathname.startsWith('/dev/'), {
      timeout: 20_000,
    });

    const banner = page.getByTestId('trial-banner');
    await eventually(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toMatch(/Your free trial ends on .+\./);
    const upgrade = banner.getByRole('link', { name: 'Upgrade now' });
    expect(await upgrade.getAttribute('href')).toBe('/subscriptions/upgrade/');
    expect(await page.getByTestId('user-menu').textContent()).toContain('Wrenfield-trial');
    await shoot(page, 'trial-04-dashboard');
    await checkAccessibility(page, 'the trial dashboard');
    await onPhone('/', 'trial-05-dashboard-phone', (p) =>
      expect.poll(() => p.getByTestId('trial-banner').isVisible(), { timeout: 20_000 }).toBe(true),
    );
  });

  it('has the starter list holding the manager', async () => {
    await page.goto(`${baseUrl}/users/`);
    const list = page.getByRole('link', { name: STARTER_LIST });
    await eventually(() => list.isVisible()).toBe(true);
    await shoot(page, 'trial-06-lists');
    await checkAccessibility(page, 'the trial lists');
    await list.click();
    // The manager's own row in the list's table (the user menu names them too).
    await eventually(() => page.getByRole('cell', { name: FOUNDER }).first().isVisible()).toBe(true);
    await shoot(page, 'trial-07-starter-list');
    await checkAccessibility(page, 'the starter list');
  });

  it('shows the demo company whose subscription ended as read-only, with the reasons', async () => {
    await signInAs(page, baseUrl, DEMO_ADMIN);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: new RegExp(EXPIRED) }).click();
    await eventually(() => page.getByTestId('user-menu').textContent()).toContain(EXPIRED);
    const banner = page.getByTestId('subscription-expired-banner');
    await eventually(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toContain(
      'Your subscription has expired. Please contact support@vigil.local to upgrade.',
    );
    // The dashboard's empty tables invite no new campaign either: the buttons are locked, with the reason.
    const startProgram = page.getByRole('button', { name: 'Create a training program' });
    await eventually(() => startProgram.getAttribute('aria-disabled')).toBe('true');
    await shoot(page, 'trial-08-expired-dashboard');
    await checkAccessibility(page, 'the expired company dashboard');

    await page.goto(`${baseUrl}/trainings/`);
    const create = page.getByRole('button', { name: 'New training program' }).first();
    await eventually(() => create.getAttribute('aria-disabled')).toBe('true');
    await create.hover();
    await eventually(() => page.getByRole('tooltip').textContent()).toBe('No license available');
    await shoot(page, 'trial-09-expired-trainings');
    await checkAccessibility(page, 'the expired company programs');

    const token = await page.evaluate(() => window.localStorage.getItem('token') ?? '');
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      token,
      'GET',
      '/companies/my_companies',
    );
    const companyId = companies.find((c) => c.company_name === EXPIRED)!.company_id;
    const lists = await api<{ rows: Array<{ id: string }> }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/lists`,
    );
    await page.goto(`${baseUrl}/users/list/${lists.rows[0]!.id}`);
    const add = page.getByTestId('add-employees');
    await eventually(() => add.getAttribute('aria-disabled')).toBe('true');
    await add.hover();
    await eventually(() => page.getByRole('tooltip').textContent()).toContain(
      'Your subscription has expired.',
    );
    await shoot(page, 'trial-10-expired-list');
    await checkAccessibility(page, 'the expired company list');
    await onPhone('/', 'trial-11-expired-phone', (p) =>
      expect
        .poll(() => p.getByTestId('subscription-expired-banner').isVisible(), { timeout: 20_000 })
        .toBe(true),
    );
  });
});
