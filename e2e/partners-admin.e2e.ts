/**
 * The super-admin's partner page (issue 19), /admin/partners/: create a partner account with its
 * admin, create a company of no partner, attach it to the new partner by its ID, and see the partner's
 * admin find it in their area. Photographed at 1440 and 390 px and checked with axe.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { settle } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const SUPER_ADMIN = 'riley.quinn@vigil.example';
const RUN = Date.now().toString(36);
const PARTNER = `Beacon MSP ${RUN}`;
const PARTNER_ADMIN = `owner.${RUN}@beacon-msp.example`;
const COMPANY = `Quarry Labs ${RUN}`;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const STEP_TIMEOUT = 300_000;
const eventually = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });
const visibleText = (page: Page, text: string) =>
  page
    .getByText(text, { exact: true })
    .first()
    .isVisible()
    .catch(() => false);

describe('super-admin partner journey', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, SUPER_ADMIN, '/admin/partners/');
    token = await page.evaluate(() => window.localStorage.getItem('token') ?? '');
  });
  afterAll(async () => {
    await browser?.close();
  }, STEP_TIMEOUT);

  it(
    'creates a partner and a company, and attaches the company to the partner',
    async () => {
      await page.goto(`${baseUrl}/admin/partners/`);
      const accounts = page.getByTestId('admin-partners');
      await eventually(() => accounts.getByText('Northstar Security Partners').isVisible()).toBe(true);
      await settle(page);
      await shoot(page, 'partners-admin');
      await checkAccessibility(page, 'the partner admin page at 1440 px');
      const phone = await (await browser.newContext(PHONE)).newPage();
      await phone.goto(`${baseUrl}/`);
      await phone.evaluate((t) => window.localStorage.setItem('token', t), token);
      await phone.goto(`${baseUrl}/admin/partners/`);
      await settle(phone);
      await shoot(phone, 'partners-admin-phone');
      await checkAccessibility(phone, 'the partner admin page at 390 px');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      await phone.context().close();

      // Saved empty, the partner form says what it needs next to its fields.
      await page.getByTestId('admin-partner-create').click();
      await eventually(() => page.getByTestId('admin-partner-name').getAttribute('aria-invalid')).toBe(
        'true',
      );
      await page.getByTestId('admin-partner-name').fill(PARTNER);
      await page.getByTestId('admin-partner-email').fill(PARTNER_ADMIN);
      await page.getByTestId('admin-partner-create').click();
      await eventually(() => visibleText(page, `Partner ${PARTNER} created.`)).toBe(true);
      await eventually(() => accounts.getByText(PARTNER).isVisible()).toBe(true);
      await eventually(() => accounts.getByText(PARTNER_ADMIN).isVisible()).toBe(true);

      // A company of no partner; its ID comes back from the server.
      await page.getByTestId('admin-company-name').fill(COMPANY);
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/admin/companies') && r.request().method() === 'POST',
      );
      await page.getByTestId('admin-company-create').click();
      const company = (await (await created).json()) as { company_id: string; partnerId: string | null };
      expect(company.partnerId).toBeNull();
      await eventually(() => visibleText(page, `Company ${COMPANY} created.`)).toBe(true);

      await page.getByTestId('admin-attach-company').fill(company.company_id);
      await page.getByTestId('admin-attach-partner').click();
      await page.getByRole('option', { name: PARTNER, exact: true }).click();
      await page.getByTestId('admin-attach-save').click();
      await eventually(() => visibleText(page, `${COMPANY} now belongs to the partner.`)).toBe(true);
      const row = accounts.getByRole('row').filter({ hasText: PARTNER });
      await eventually(() => row.getByRole('cell').nth(2).textContent()).toBe('1');
      await settle(page);
      await shoot(page, 'partners-admin-attached');

      // The new partner's admin finds the company in their area.
      const partnerToken = await managerToken(baseUrl, PARTNER_ADMIN);
      const user = await api<{ superForAccounts: Array<{ id: string; name: string }> }>(
        baseUrl,
        partnerToken,
        'GET',
        '/auth/user',
      );
      expect(user.superForAccounts.map((a) => a.name)).toEqual([PARTNER]);
      const { rows } = await api<{ rows: Array<{ company_name: string }> }>(
        baseUrl,
        partnerToken,
        'GET',
        `/partners/${user.superForAccounts[0]!.id}/companies?page=1`,
      );
      expect(rows.map((r) => r.company_name)).toEqual([COMPANY]);
    },
    STEP_TIMEOUT,
  );
});
