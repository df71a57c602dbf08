/**
 * The feature-settings journey (issue 17): the super-admin opens Harbor Logistics' feature settings,
 * hides the Reports tab, sets a support address and a help link and gives the company its own score
 * ranges (refused first with a gap, shown next to the field). Harbor's admin then sees no Reports tab
 * (its page says Access denied), the dashboard's resilience scores in the new ranges' colours and
 * names, and the help and support links pointing at the new addresses. The demo company's settings are
 * put back afterwards, so the other journeys find it as they expect.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { settle } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const SUPER_ADMIN = 'riley.quinn@vigil.example';
const ADMIN = 'alex.morgan@harbor-logistics.example';
const SUPPORT = 'security-help@harbor-logistics.example';
const HELP = 'https://help.harbor-logistics.example/security';
const LOW = { category: 'Needs work', color: '#5f3dc4', rgb: 'rgb(95, 61, 196)' };
const HIGH = { category: 'On track', color: '#0b7285', rgb: 'rgb(11, 114, 133)' };

const eventually = <T>(fn: () => T | Promise<T>, opts: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 15_000, ...opts });

describe('feature settings journey', () => {
  let browser: Browser;
  let rootContext: BrowserContext;
  let root: Page;
  let rootToken: string;
  let harborId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await managerToken(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      adminToken,
      'GET',
      '/companies/my_companies',
    );
    harborId = companies.find((c) => c.company_name === 'Harbor Logistics')!.company_id;
    rootContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    root = await rootContext.newPage();
    root.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(root, baseUrl, SUPER_ADMIN, '/settings');
    rootToken = await root.evaluate(() => window.localStorage.getItem('token') ?? '');
    // The super-admin works in Harbor Logistics as a super-admin may, through the stored company (once
    // the app has stored its first company, which would otherwise overwrite it).
    await root.waitForFunction(() => window.localStorage.getItem('companyId') !== null);
    await root.evaluate((id) => window.localStorage.setItem('companyId', id), harborId);
  });

  afterAll(async () => {
    if (rootToken && harborId)
      await api(baseUrl, rootToken, 'PUT', `/companies/${harborId}/features`, {
        menuHidden: { reports: false },
        supportEmail: null,
        helpUrl: null,
        scoreRanges: null,
      });
    await browser?.close();
  });

  it('refuses a company admin the feature settings', async () => {
    const adminToken = await managerToken(baseUrl, ADMIN);
    const res = await fetch(`${baseUrl}/api/companies/${harborId}/features`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(403);
  });

  it('lets the super-admin hide a tab, set support and help and the score ranges', async () => {
    await root.goto(`${baseUrl}/settings/features`);
    await eventually(() => root.getByTestId('feature-hide-reports').isVisible(), { timeout: 20_000 }).toBe(
      true,
    );
    await shoot(root, '190-feature-settings');
    await eventually(() => root.getByText(/What Harbor Logistics may use/).isVisible()).toBe(true);
    await checkAccessibility(root, 'feature settings');

    await root.getByTestId('feature-hide-reports').check();
    await root.getByTestId('feature-support-email').fill(SUPPORT);
    await root.getByTestId('feature-link-helpUrl').fill(HELP);
    await root.getByTestId('feature-ranges-own').check();
    const rows = root.getByTestId('feature-ranges-row');
    await eventually(() => rows.count()).toBe(5);
    // Down to two ranges: remove the last three.
    for (const index of [4, 3, 2])
      await rows
        .nth(index)
        .getByRole('button', { name: /Remove range/ })
        .click();
    await eventually(() => rows.count()).toBe(2);
    await root.getByTestId('feature-ranges-to-0').fill('59');
    await root.getByTestId('feature-ranges-category-0').fill(LOW.category);
    await root.getByTestId('feature-ranges-color-0').fill(LOW.color);
    await root.keyboard.press('Tab');
    await root.getByTestId('feature-ranges-from-1').fill('65');
    await root.getByTestId('feature-ranges-to-1').fill('100');
    await root.getByTestId('feature-ranges-category-1').fill(HIGH.category);
    await root.getByTestId('feature-ranges-color-1').fill(HIGH.color);
    await root.keyboard.press('Tab');
    await root.getByTestId('feature-save').click();
    // The gap between 59 and 65 is refused next to the field, and nothing is saved.
    await eventually(() => root.getByText('No range covers the scores after 59').isVisible()).toBe(true);
    await shoot(root, '191-feature-settings-gap');
    await checkAccessibility(root, 'feature settings with an error');
    await root.getByTestId('feature-ranges-from-1').fill('60');
    await root.getByTestId('feature-save').click();
    await eventually(() => root.getByText('Feature settings saved').first().isVisible()).toBe(true);

    const saved = await api<{ menuHidden: { reports: boolean }; supportEmail: string; scoreRanges: unknown }>(
      baseUrl,
      rootToken,
      'GET',
      `/companies/${harborId}/features`,
    );
    expect(saved).toMatchObject({
      menuHidden: { reports: true },
      supportEmail: SUPPORT,
      scoreRanges: [
        { from_score: 0, to_score: 59, category: LOW.category, color: LOW.color },
        { from_score: 60, to_score: 100, category: HIGH.category, color: HIGH.color },
      ],
    });
    await shoot(root, '192-feature-settings-saved');
  });

  it('shows the company admin the shell, bands and links that follow', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInAs(page, baseUrl, ADMIN, '/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main menu' });
    await eventually(() => nav.getByRole('link', { name: 'Employees' }).isVisible(), {
      timeout: 20_000,
    }).toBe(true);
    expect(await nav.getByRole('link', { name: 'Reports' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: /Help/ }).getAttribute('href')).toBe(HELP);

    // The dashboard's resilience scores carry the company's ranges: their names and colours.
    const badges = page.locator(`[title="${LOW.category}"], [title="${HIGH.category}"]`);
    await eventually(() => badges.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const colours = await badges.evaluateAll((els) => els.map((el) => getComputedStyle(el).color));
    for (const colour of colours) expect([LOW.rgb, HIGH.rgb]).toContain(colour);
    expect(await page.locator('[title="Very risky"], [title="Fair"], [title="Excellent"]').count()).toBe(0);
    await shoot(page, '193-dashboard-own-ranges');
    await checkAccessibility(page, 'dashboard with own ranges');

    await page.getByTestId('user-menu').click();
    await eventually(() => page.getByTestId('support-link').getAttribute('href')).toBe(`mailto:${SUPPORT}`);
    await shoot(page, '194-user-menu-support');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/reports`);
    await eventually(() => page.getByTestId('access-denied').isVisible()).toBe(true);
    await shoot(page, '195-reports-access-denied');

    await page.goto(`${baseUrl}/settings/features`);
    await eventually(() => page.getByTestId('not-found').isVisible()).toBe(true);
    await context.close();
  });

  it('works on a phone', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const token = rootToken;
    await page.evaluate(
      ([t, id]) => {
        window.localStorage.setItem('token', t!);
        window.localStorage.setItem('companyId', id!);
      },
      [token, harborId],
    );
    await page.goto(`${baseUrl}/settings/features`);
    await eventually(() => page.getByTestId('feature-hide-reports').isVisible(), { timeout: 20_000 }).toBe(
      true,
    );
    await eventually(() => page.getByTestId('feature-ranges-row').count()).toBe(2);
    await shoot(page, '196-feature-settings-phone');
    await checkAccessibility(page, 'feature settings on a phone');
    await context.close();

    // The company admin's phone: the drawer has no Reports, the scores wear the company's ranges.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const admin = await phone.newPage();
    await signInAs(admin, baseUrl, ADMIN, '/');
    // The performance tables sit below the fold on a phone and render when scrolled near.
    await settle(admin);
    await eventually(() => admin.locator(`[title="${HIGH.category}"]`).count(), {
      timeout: 20_000,
    }).toBeGreaterThan(0);
    await admin.getByRole('button', { name: 'Open or close the menu' }).click();
    const drawer = admin
      .getByRole('navigation')
      .filter({ has: admin.getByRole('link', { name: 'Employees' }) })
      .last();
    await eventually(() => drawer.getByRole('link', { name: 'Employees' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Reports' }).count()).toBe(0);
    await shoot(admin, '197-admin-phone-menu');
    await admin.keyboard.press('Escape');
    await checkAccessibility(admin, 'dashboard with own ranges on a phone');
    await phone.close();
  });
});
