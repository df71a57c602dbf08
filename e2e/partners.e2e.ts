/**
 * The partner journey (issue 19), as the demo partner admin of Northstar Security Partners: create a
 * customer with a 12-month plan (the estimate shown before saving), open its dashboard, add its admin
 * (who signs in from the outbox and sees only that company), change its seats, try to delete it while a
 * program runs and meet 'Unable to delete company', and assign an unused package to a new company.
 * Also: rename the customer, switch one of its features, deactivate and reactivate it, add and remove
 * a second admin, and pay the partner's dues with a new card from the payment banner (no card on
 * file). Last, the super-admin's /admin/partners/: create a partner and a company, attach the company
 * to the partner.
 * Every page is photographed at 1440 and 390 px and checked with axe.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken, sendNowProgram } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { settle } from './manager-pages.ts';
import { signInAs, signInFromOutbox } from './session.ts';

const baseUrl = inject('baseUrl');
const PARTNER_ADMIN = 'jordan.blake@northstar-partners.example';
const RUN = Date.now().toString(36);
const CUSTOMER = `Aurora Freight ${RUN}`;
const CUSTOMER_ADMIN = `ops.lead.${RUN}@aurora-freight.example`;
const NEW_COMPANY = `Lumen Clinics ${RUN}`;
/** The customer's name once renamed. */
const RENAMED = `${CUSTOMER} Group`;
const SUPER_ADMIN = 'riley.quinn@vigil.example';
const NEW_PARTNER = `Beacon MSP ${RUN}`;
const NEW_PARTNER_ADMIN = `owner.${RUN}@beacon-msp.example`;
const ATTACHED = `Quarry Labs ${RUN}`;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
/** Each step photographs and checks pages at two widths, on a machine that may be busy. */
const STEP_TIMEOUT = 300_000;
const eventually = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });
const visibleText = (page: Page, text: string) =>
  page
    .getByText(text, { exact: true })
    .first()
    .isVisible()
    .catch(() => false);

describe('partner journey', () => {
  let browser: Browser;
  let desktop: BrowserContext;
  let page: Page;
  let token: string;
  let partnerId: string;
  let companyId: string;

  /**
   * Photographs the page at both widths (the phone in a context of its own) and runs axe on both: the
   * partner admin's, or another person's page and token.
   */
  async function shootBoth(path: string, name: string, as: { page: Page; token: string } = { page, token }) {
    await settle(as.page);
    await shoot(as.page, `partners-${name}`);
    await checkAccessibility(as.page, `${name} at 1440 px`);
    const phone = await (await browser.newContext(PHONE)).newPage();
    await phone.goto(`${baseUrl}/`);
    await phone.evaluate((t) => window.localStorage.setItem('token', t), as.token);
    await phone.goto(`${baseUrl}${path}`);
    await settle(phone);
    await shoot(phone, `partners-${name}-phone`);
    await checkAccessibility(phone, `${name} at 390 px`);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.context().close();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await desktop.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, PARTNER_ADMIN, '/partner/');
    token = await page.evaluate(() => window.localStorage.getItem('token') ?? '');
    await page.waitForURL(/\/partner\/[^/]+\/companies\/$/, { timeout: 20_000 });
    partnerId = new URL(page.url()).pathname.split('/')[2]!;
  });
  afterAll(async () => {
    await browser?.close();
  }, STEP_TIMEOUT);

  it(
    'lands /partner on the account’s companies, with its tabs, resources and payments',
    async () => {
      await eventually(() => page.getByTestId('partner-company-row').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('partner-name').textContent()).toBe('Northstar Security Partners');
      await shootBoth(`/partner/${partnerId}/companies/`, 'companies');

      await page.getByTestId('partner-company-search').fill('zzz-no-such-company');
      await eventually(() => visibleText(page, 'No company matches your search.')).toBe(true);
      await page.getByTestId('partner-company-search').fill('');

      await page.getByTestId('partner-tab-payments').click();
      await page.waitForURL(/\/payments\/$/);
      await eventually(() => page.getByTestId('partner-monthly-sum').isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payments');
      await shootBoth(`/partner/${partnerId}/payments/`, 'payments');

      await page.getByTestId('partner-tab-resources').click();
      await page.waitForURL(/\/resources\/$/);
      await eventually(() => page.getByTestId('partner-resources').isVisible()).toBe(true);
      await shootBoth(`/partner/${partnerId}/resources/`, 'resources');
    },
    STEP_TIMEOUT,
  );

  it(
    'creates a customer with a 12-month plan, showing the partner estimate before saving',
    async () => {
      await page.goto(`${baseUrl}/partner/${partnerId}/companies/`);
      await page.getByTestId('partner-new-company').click();
      await page.waitForURL(/\/companies\/new\/$/);

      // Saved empty, every field says what it needs (spec 3 §5).
      await page.getByTestId('form-submit').click();
      for (const text of [
        'Please enter name of the company',
        'Please choose a tier',
        'Please enter number of seats',
        'Please select a timespan',
      ])
        await eventually(() => visibleText(page, text)).toBe(true);

      await page.getByTestId('form-company-name').fill(CUSTOMER);
      await page.getByTestId('form-plan').click();
      const options = page.getByRole('option');
      await eventually(() => options.count()).toBeGreaterThan(1);
      // A paid plan: the free one would fix the seats at 10.
      const names = await options.allTextContents();
      await options.nth(names.findIndex((n) => !/free/i.test(n))).click();
      await page.getByTestId('form-seats').fill('25');
      await page.getByTestId('form-timespan').click();
      await page.getByRole('option', { name: '12 months', exact: true }).click();
      await eventually(() => page.getByTestId('estimate-company').isVisible()).toBe(true);
      await eventually(() => page.getByTestId('estimate-partner').textContent()).toMatch(/\/ month$/);
      await shootBoth(`/partner/${partnerId}/companies/new/`, 'new-customer');

      await page.getByTestId('form-submit').click();
      await page.waitForURL(/\/companies\/[0-9a-f-]{36}\/$/, { timeout: 20_000 });
      companyId = new URL(page.url()).pathname.split('/')[4]!;
      await eventually(() => page.getByTestId('partner-company-name').textContent()).toBe(CUSTOMER);
      expect(await page.getByTestId('partner-company-facts').textContent()).toMatch(
        /^Joined on .+ · 0 employees · 0 active training programs · 0 active assessments$/,
      );
      expect(await page.getByTestId('subscription-seats').textContent()).toBe('25');
      await shootBoth(`/partner/${partnerId}/companies/${companyId}/`, 'customer');
    },
    STEP_TIMEOUT,
  );

  it(
    'opens the customer’s dashboard, which makes it the current company',
    async () => {
      await page.getByTestId('go-to-dashboard').click();
      await page.waitForURL(`${baseUrl}/`);
      await eventually(() => page.getByTestId('user-menu').textContent()).toContain(CUSTOMER);
      expect(await page.evaluate(() => window.localStorage.getItem('companyId'))).toBe(companyId);
      await settle(page);
      await shoot(page, 'partners-customer-dashboard');
    },
    STEP_TIMEOUT,
  );

  it(
    'adds the customer’s admin, who signs in from the mail and sees only that company',
    async () => {
      await page.goto(`${baseUrl}/partner/${partnerId}/companies/${companyId}/`);
      await page.getByTestId('partner-tab-managers').click();
      await eventually(() => page.getByTestId('partner-add-manager').isVisible()).toBe(true);
      await page.getByTestId('partner-add-manager').click();
      await page.getByTestId('admin-name').fill('Morgan Ops');
      await page.getByTestId('admin-email').fill(CUSTOMER_ADMIN);
      await page.getByTestId('admin-save').click();
      await eventually(() => page.getByTestId(`partner-manager-${CUSTOMER_ADMIN}`).count()).toBe(1);
      await settle(page);
      await shoot(page, 'partners-customer-managers');
      await checkAccessibility(page, 'the customer’s managers');

      const admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await signInFromOutbox(
        admin,
        baseUrl,
        CUSTOMER_ADMIN,
        `You have been added to ${CUSTOMER} on Vigil`,
        'Sign in',
      );
      await eventually(() => admin.getByTestId('user-menu').textContent()).toContain(CUSTOMER);
      const adminToken = await admin.evaluate(() => window.localStorage.getItem('token') ?? '');
      const theirs = await api<Array<{ company_name: string }>>(
        baseUrl,
        adminToken,
        'GET',
        '/companies/my_companies',
      );
      expect(theirs.map((c) => c.company_name)).toEqual([CUSTOMER]);
      const me = await api<{ superForAccounts: unknown[] }>(baseUrl, adminToken, 'GET', '/auth/user');
      expect(me.superForAccounts).toEqual([]);
      // Neither the partner's area nor its other customers are theirs to see.
      const other = await fetch(`${baseUrl}/api/partners/${partnerId}/companies?page=1`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(other.status).toBe(404);
      await admin.getByTestId('user-menu').click();
      await eventually(() => admin.getByTestId('company-switch-item').count()).toBe(1);
      expect(await admin.getByTestId('partner-company-item').count()).toBe(0);
      await shoot(admin, 'partners-customer-admin');
      await admin.context().close();
    },
    STEP_TIMEOUT,
  );

  it(
    'changes the customer’s seats',
    async () => {
      await page.goto(`${baseUrl}/partner/${partnerId}/companies/${companyId}/`);
      await page.getByTestId('change-subscription').click();
      const seats = page.getByTestId('form-seats');
      await eventually(() => seats.inputValue()).toBe('25');
      await seats.fill('30');
      await eventually(() => page.getByTestId('estimate-company').isVisible()).toBe(true);
      await settle(page);
      await shoot(page, 'partners-change-subscription');
      await checkAccessibility(page, 'the change-subscription dialog');
      await page.getByTestId('form-submit').click();
      await eventually(() => visibleText(page, 'Subscription updated.')).toBe(true);
      await eventually(() => page.getByTestId('subscription-seats').textContent()).toBe('30');
    },
    STEP_TIMEOUT,
  );

  it(
    'renames the customer, switches a feature, deactivates and reactivates it, and removes a manager',
    async () => {
      const detail = `/partner/${partnerId}/companies/${companyId}/`;
      await page.goto(`${baseUrl}${detail}`);
      await page.getByTestId('rename-company').click();
      const input = page.getByTestId('rename-input');
      // One name rule for creating and renaming: 4 to 150 characters.
      await input.fill('Aur');
      await page.getByTestId('rename-save').click();
      await eventually(() => visibleText(page, 'Company name must be between 4 and 150 characters')).toBe(
        true,
      );
      await settle(page);
      await shoot(page, 'partners-rename');
      await checkAccessibility(page, 'the rename dialog');
      await input.fill(RENAMED);
      await page.getByTestId('rename-save').click();
      await eventually(() => visibleText(page, 'Company renamed.')).toBe(true);
      await eventually(() => page.getByTestId('partner-company-name').textContent()).toBe(RENAMED);

      // A feature the partner's plan allows, switched for this customer.
      await page.getByRole('tab', { name: 'Features' }).click();
      const switches = page.getByRole('switch');
      await eventually(() => switches.count()).toBeGreaterThan(0);
      const feature = page.getByRole('switch', { name: 'Assessments' });
      const before = await feature.isChecked();
      await feature.click({ force: true });
      await eventually(() => visibleText(page, 'Features saved.')).toBe(true);
      await eventually(() => feature.isChecked()).toBe(!before);
      const saved = await api<{ features: Record<string, boolean> }>(
        baseUrl,
        token,
        'GET',
        `/partners/${partnerId}/companies/${companyId}/features`,
      );
      expect(saved.features.assessments).toBe(!before);
      await shootBoth(detail, 'customer-features');

      await page.getByRole('tab', { name: 'Subscription' }).click();
      await page.getByTestId('deactivate-subscription').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
      await eventually(() => visibleText(page, 'Subscription deactivated.')).toBe(true);
      await eventually(() => page.getByTestId('subscription-status').textContent()).toBe('Inactive');
      await settle(page);
      await shoot(page, 'partners-deactivated');
      await checkAccessibility(page, 'a deactivated customer');
      await page.getByTestId('reactivate-subscription').click();
      await eventually(() => page.getByTestId('reactivate-save').isVisible()).toBe(true);
      await shoot(page, 'partners-reactivate');
      await page.getByTestId('reactivate-save').click();
      await eventually(() => page.getByTestId('reactivate-save').count()).toBe(0);
      await shoot(page, 'partners-reactivated');
      await eventually(() => visibleText(page, 'Subscription updated.')).toBe(true);
      await eventually(() => page.getByTestId('subscription-status').textContent()).toBe('Active');

      // A second admin, then removed: the last admin could not be (a company keeps one).
      const second = `second.${RUN}@aurora-freight.example`;
      await page.getByTestId('partner-tab-managers').click();
      await eventually(() => page.getByTestId('partner-add-manager').isVisible()).toBe(true);
      await page.getByTestId('partner-add-manager').click();
      await page.getByTestId('admin-name').fill('Sam Second');
      await page.getByTestId('admin-email').fill(second);
      await page.getByTestId('admin-save').click();
      await eventually(() => page.getByTestId(`partner-manager-${second}`).count()).toBe(1);
      await page.getByTestId(`partner-remove-manager-${second}`).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove admin' }).click();
      await eventually(() => visibleText(page, 'Admin removed')).toBe(true);
      await eventually(() => page.getByTestId(`partner-manager-${second}`).count()).toBe(0);
      expect(await page.getByTestId(`partner-manager-${CUSTOMER_ADMIN}`).count()).toBe(1);
      await settle(page);
      await shoot(page, 'partners-manager-removed');
    },
    STEP_TIMEOUT,
  );

  it(
    'refuses to delete the customer while a program runs: Unable to delete company',
    async () => {
      const list = await api<{ id: string }>(baseUrl, token, 'POST', `/companies/${companyId}/lists`, {
        name: 'Operations',
      });
      await api(baseUrl, token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, {
        users: [{ email: `driver.${RUN}@aurora-freight.example`, name: 'Dana Driver' }],
      });
      await api(
        baseUrl,
        token,
        'POST',
        `/companies/${companyId}/automations`,
        sendNowProgram(`Welcome aboard ${RUN}`, ['spot-the-phish'], list.id),
      );
      await page.reload();
      await eventually(() => page.getByTestId('partner-company-facts').textContent()).toMatch(
        /· 1 employees · 1 active training programs ·/,
      );
      await page.getByTestId('delete-company').click();
      const dialog = page.getByTestId('blocking-dialog');
      await eventually(() => page.getByRole('dialog', { name: 'Unable to delete company' }).isVisible()).toBe(
        true,
      );
      await eventually(() => dialog.textContent()).toContain('1 training program is running');
      await settle(page);
      await shoot(page, 'partners-unable-to-delete');
      await checkAccessibility(page, 'the Unable to delete company dialog');
      await page.getByTestId('blocking-dialog-ok').click();
      // Still there.
      expect(
        (
          await api<{ company_name: string }>(
            baseUrl,
            token,
            'GET',
            `/partners/${partnerId}/companies/${companyId}`,
          )
        ).company_name,
      ).toBe(RENAMED);
    },
    STEP_TIMEOUT,
  );

  it('assigns an unused package to a new company from the dashboard’s banner', async () => {
    await page.goto(`${baseUrl}/`);
    const banner = page.getByTestId('unassigned-credits');
    await eventually(() => banner.isVisible()).toBe(true);
    await shootBoth('/', 'credits-banner');
    await banner.getByTestId('assign-credit').first().click();
    await page.waitForURL(/\/packages\/[^/]+\/assign\/$/);
    const assignPath = new URL(page.url()).pathname;
    await page.getByTestId('assign-new').click();
    const name = page.getByTestId('assign-new-name');
    const submit = page.getByTestId('assign-submit');

    await name.fill('Lu');
    await eventually(() => visibleText(page, 'Company name must be at least three characters')).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await name.fill(RENAMED.toUpperCase());
    await eventually(() => visibleText(page, 'You already have a company with this name')).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await name.fill(NEW_COMPANY);
    await eventually(() => submit.isEnabled()).toBe(true);
    await shootBoth(assignPath, 'assign-package');

    await submit.click();
    await page.waitForURL(`${baseUrl}/manager/`, { timeout: 20_000 });
    await eventually(() => visibleText(page, 'Package assigned')).toBe(true);
    await shoot(page, 'partners-package-assigned');
    const companies = await api<{ rows: Array<{ company_name: string }> }>(
      baseUrl,
      token,
      'GET',
      `/partners/${partnerId}/companies?search=${encodeURIComponent(NEW_COMPANY)}`,
    );
    expect(companies.rows.map((c) => c.company_name)).toEqual([NEW_COMPANY]);
  });

  it(
    'pays the dues with a new card from the payment banner, the partner having none on file',
    async () => {
      await page.goto(`${baseUrl}/partner/${partnerId}/companies/`);
      const banner = page.getByTestId('partner-payment-banner');
      await eventually(() => banner.isVisible()).toBe(true);
      await banner.getByTestId('partner-pay-now').click();
      await page.waitForURL(/\/payments\/\?pay=card$/);
      const modal = page.getByRole('dialog', { name: 'Pay with a new card' });
      await eventually(() => modal.isVisible()).toBe(true);
      await shootBoth(`/partner/${partnerId}/payments/?pay=card`, 'pay-with-card');

      // A declined card says so in the form, and nothing is paid.
      await modal.getByTestId('card-number').fill('4000 0000 0000 0002');
      await modal.getByTestId('card-expiry').fill('12/34');
      await modal.getByTestId('card-cvc').fill('123');
      await modal.getByTestId('pay').click();
      await eventually(() => modal.getByTestId('payment-error').textContent()).toBe(
        'Your card was declined.',
      );

      // A card that asks for 3-D Secure: the check, then the dues paid and the card kept on file.
      await modal.getByTestId('card-number').fill('4000 0027 6000 3184');
      await modal.getByTestId('pay').click();
      await eventually(() => page.getByTestId('three-d-secure-complete').isVisible()).toBe(true);
      await shoot(page, 'partners-pay-three-d-secure');
      await page.getByTestId('three-d-secure-complete').click();
      await eventually(() => visibleText(page, 'Thank you: the dues are paid.')).toBe(true);
      await eventually(() => modal.isVisible()).toBe(false);
      await eventually(() => page.getByTestId('partner-card').textContent()).toBe('Visa •••• 3184');
      await eventually(() => page.getByTestId('partner-collected').textContent()).toBe('All paid');
      expect(await banner.count()).toBe(0);
      expect(new URL(page.url()).search).toBe('');
      const overview = await api<{ totalDues: number; hasValidCard: boolean }>(
        baseUrl,
        token,
        'GET',
        `/partners/${partnerId}/overview`,
      );
      expect(overview).toMatchObject({ totalDues: 0, hasValidCard: true });
      await shootBoth(`/partner/${partnerId}/payments/`, 'payments-paid');
    },
    STEP_TIMEOUT,
  );

  it(
    'lets the super-admin create a partner and a company on /admin/partners/ and attach one to the other',
    async () => {
      const root = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await signInAs(root, baseUrl, SUPER_ADMIN, '/admin/partners/');
      const rootToken = await root.evaluate(() => window.localStorage.getItem('token') ?? '');
      await root.goto(`${baseUrl}/admin/partners/`);
      const accounts = root.getByTestId('admin-partners');
      await eventually(() => accounts.getByText('Northstar Security Partners').isVisible()).toBe(true);
      await shootBoth('/admin/partners/', 'admin', { page: root, token: rootToken });

      // Saved empty, the partner form says what it needs next to its fields.
      await root.getByTestId('admin-partner-create').click();
      await eventually(() => root.getByTestId('admin-partner-name').getAttribute('aria-invalid')).toBe(
        'true',
      );
      await root.getByTestId('admin-partner-name').fill(NEW_PARTNER);
      await root.getByTestId('admin-partner-email').fill(NEW_PARTNER_ADMIN);
      await root.getByTestId('admin-partner-create').click();
      await eventually(() => visibleText(root, `Partner ${NEW_PARTNER} created.`)).toBe(true);
      await eventually(() => accounts.getByText(NEW_PARTNER).isVisible()).toBe(true);
      await eventually(() => accounts.getByText(NEW_PARTNER_ADMIN).isVisible()).toBe(true);

      // A company of no partner; its ID comes back from the server.
      await root.getByTestId('admin-company-name').fill(ATTACHED);
      const created = root.waitForResponse(
        (r) => r.url().endsWith('/api/admin/companies') && r.request().method() === 'POST',
      );
      await root.getByTestId('admin-company-create').click();
      const company = (await (await created).json()) as { company_id: string; partnerId: string | null };
      expect(company.partnerId).toBeNull();
      await eventually(() => visibleText(root, `Company ${ATTACHED} created.`)).toBe(true);

      await root.getByTestId('admin-attach-company').fill(company.company_id);
      await root.getByTestId('admin-attach-partner').click();
      await root.getByRole('option', { name: NEW_PARTNER, exact: true }).click();
      await root.getByTestId('admin-attach-save').click();
      await eventually(() => visibleText(root, `${ATTACHED} now belongs to the partner.`)).toBe(true);
      const row = accounts.getByRole('row').filter({ hasText: NEW_PARTNER });
      await eventually(() => row.getByRole('cell').nth(2).textContent()).toBe('1');
      await settle(root);
      await shoot(root, 'partners-admin-attached');

      // The new partner's admin finds the company in their area.
      const partnerToken = await managerToken(baseUrl, NEW_PARTNER_ADMIN);
      const user = await api<{ superForAccounts: Array<{ id: string; name: string }> }>(
        baseUrl,
        partnerToken,
        'GET',
        '/auth/user',
      );
      expect(user.superForAccounts.map((a) => a.name)).toEqual([NEW_PARTNER]);
      const { rows } = await api<{ rows: Array<{ company_name: string }> }>(
        baseUrl,
        partnerToken,
        'GET',
        `/partners/${user.superForAccounts[0]!.id}/companies?root=1`,
      );
      expect(rows.map((r) => r.company_name)).toEqual([ATTACHED]);
      await root.context().close();
    },
    STEP_TIMEOUT,
  );
});
