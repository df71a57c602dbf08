import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { settle } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';

describe('subscription and upgrade journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(width: number, height: number, path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, ADMIN, path);
    return page;
  }
  const visible = (page: Page, testId: string) =>
    expect.poll(() => page.getByTestId(testId).first().isVisible(), { timeout: 20_000 }).toBe(true);

  it('buys Premium with a coupon and the 3-D Secure test card, then sees the invoice and the seats', async () => {
    const page = await open(1440, 900, '/settings/subscriptions/');
    await visible(page, 'subscription-card');
    await settle(page);
    expect(await page.getByTestId('subscription-plan').textContent()).toBe('Business');
    expect(await page.getByTestId('subscription-state').textContent()).toBe('Active');
    // The seats of the billing month: the demo's 360 employees, and whoever earlier journeys added.
    const seatsUsed = Number(
      (await page.getByTestId('seats-used').textContent())!.match(/^(\d+) of 500$/)![1],
    );
    expect(seatsUsed).toBeGreaterThanOrEqual(360);
    expect(await page.getByTestId('invoices').locator('tbody tr').count()).toBe(3);
    await shoot(page, 'b01-subscription-settings');
    await checkAccessibility(page, 'the subscription settings');

    await page.getByTestId('select-plan').click();
    await visible(page, 'current-plan-banner');
    expect(await page.getByTestId('current-plan-banner').textContent()).toBe(
      'Your current subscription is Business (500 seats)',
    );
    expect(await page.getByTestId('billing-seats').inputValue()).toBe('300');
    await page.getByText('Bill annually - 2 mo. free').click();
    await page.getByTestId('billing-seats').fill('400');
    await expect.poll(() => page.getByTestId('choose-premium').textContent()).toBe('Choose Premium');
    expect(await page.getByTestId('choose-business').textContent()).toBe('Change seats & Bill annually');
    // 899 000 cents a year for 400 seats: 8990.00 / 12 / 400 = 1.87 per user and month.
    expect(await page.getByTestId('per-user-premium').textContent()).toContain('1.87');
    await settle(page);
    await shoot(page, 'b02-upgrade-plans');
    await checkAccessibility(page, 'the plan chooser');

    await page.getByTestId('choose-premium').click();
    await visible(page, 'billing-coupon');
    expect(await page.getByTestId('billing-email').inputValue()).toBe(ADMIN);
    await page.getByTestId('billing-country').click();
    await page.getByTestId('billing-country').fill('Germ');
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByTestId('billing-coupon').fill('NOT-A-COUPON');
    await expect
      .poll(() => page.getByText('Invalid coupon code').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByTestId('billing-continue').isDisabled()).toBe(true);
    await page.getByTestId('billing-coupon').fill('WELCOME10');
    await expect.poll(() => page.getByText('Discount WELCOME10').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('billing-continue').isEnabled()).toBe(true);
    await settle(page);
    await shoot(page, 'b03-upgrade-details');
    await checkAccessibility(page, 'the billing details');

    await page.getByTestId('billing-continue').click();
    await visible(page, 'test-mode');
    await page.getByTestId('card-number').fill('4000 0027 6000 3184');
    await page.getByTestId('card-expiry').fill('12/34');
    await page.getByTestId('card-cvc').fill('123');
    await settle(page);
    await shoot(page, 'b04-upgrade-payment');
    await checkAccessibility(page, 'the payment step');
    await page.getByTestId('pay').click();
    await visible(page, 'three-d-secure-complete');
    await page.waitForTimeout(400);
    await shoot(page, 'b05-three-d-secure');
    await checkAccessibility(page, 'the 3-D Secure check');
    await page.getByTestId('three-d-secure-complete').click();
    await visible(page, 'payment-successful');
    await settle(page);
    await shoot(page, 'b06-payment-successful');
    await checkAccessibility(page, 'the payment success step');
    await page.getByTestId('payment-ok').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });

    await page.goto(`${baseUrl}/settings/subscriptions/`);
    await visible(page, 'subscription-card');
    await expect.poll(() => page.getByTestId('subscription-plan').textContent()).toBe('Premium');
    expect(await page.getByTestId('seats-used').textContent()).toBe(`${seatsUsed} of 400`);
    const rows = page.getByTestId('invoices').locator('tbody tr');
    expect(await rows.count()).toBe(4);
    expect(await rows.first().textContent()).toContain('Premium, 400 seats, billed annually');
    const pdf = await page.request.get(
      (await rows.first().getByRole('link').getAttribute('href'))!.replace(/^\//, `${baseUrl}/`),
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await settle(page);
    await shoot(page, 'b07-subscription-after');

    // Fewer seats than the employees in the lists this month: the blocking dialog, with the count.
    await page.getByTestId('select-plan').click();
    await visible(page, 'current-plan-banner');
    expect(await page.getByTestId('current-plan-banner').textContent()).toBe(
      'Your current subscription is Premium (400 seats)',
    );
    await page.getByTestId('billing-seats').fill('300');
    await expect.poll(() => page.getByTestId('choose-premium').textContent()).toBe('Change seats');
    await page.getByTestId('choose-premium').click();
    await visible(page, 'blocked-employees');
    expect(await page.getByRole('dialog', { name: 'Unable to change number of seats' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByTestId('blocked-employees').textContent()).toContain(
      `${seatsUsed - 300} more employees`,
    );
    await page.waitForTimeout(400);
    await shoot(page, 'b08-blocking-dialog');
    await checkAccessibility(page, 'the blocking dialog');
    await page.getByTestId('blocking-dialog-ok').click();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.waitForURL((url) => url.pathname === '/settings/subscriptions/', { timeout: 20_000 });
    await page.context().close();
  });

  it('reads well on a phone', async () => {
    const page = await open(390, 844, '/settings/subscriptions/');
    await visible(page, 'subscription-card');
    await settle(page);
    await shoot(page, 'b09-subscription-phone');
    await checkAccessibility(page, 'the subscription settings on a phone');
    await page.goto(`${baseUrl}/subscriptions/upgrade/`);
    await visible(page, 'current-plan-banner');
    await settle(page);
    await shoot(page, 'b10-upgrade-phone');
    await checkAccessibility(page, 'the plan chooser on a phone');
    await page.context().close();
  });

  it('tells the seat-days over the plan this term, billed with the next invoice', async () => {
    // Premium allows overage: two more employees than its 400 seats hold take the company past them.
    const token = await managerToken(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      token,
      'GET',
      '/companies/my_companies',
    );
    const companyId = companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
    const subscription = await api<{ seatsUsed: number; seatsBought: number }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/subscriptions`,
    );
    const over = Math.max(subscription.seatsBought - subscription.seatsUsed, 0) + 2;
    const run = Date.now().toString(36);
    const list = await api<{ id: string }>(baseUrl, token, 'POST', `/companies/${companyId}/lists`, {
      name: `Overage ${run}`,
    });
    await api(baseUrl, token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, {
      users: Array.from({ length: over }, (_, i) => ({ email: `over${i}.${run}@overage.example`, name: '' })),
    });
    for (const [width, height, name] of [
      [1440, 900, 'b11-overage'],
      [390, 844, 'b12-overage-phone'],
    ] as const) {
      const page = await open(width, height, '/settings/subscriptions/');
      await visible(page, 'overage');
      expect(await page.getByTestId('overage').textContent()).toMatch(
        /^\d+ seat-days over your plan this term, billed with the next invoice$/,
      );
      await settle(page);
      await shoot(page, name);
      await checkAccessibility(page, `the seat overage line (${width} px)`);
      await page.context().close();
    }
  });
});
