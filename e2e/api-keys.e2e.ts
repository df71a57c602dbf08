import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { settle } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';

async function publicApi(key: string, method: string, path: string, body?: object) {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

describe('API keys journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(width: number, height: number, path: string): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, ADMIN, path);
    return page;
  }

  it('creates a key in settings, calls the public API with it, and finds the call in the audit log', async () => {
    const page = await open(1440, 900, '/settings/apikeys/');
    await expect
      .poll(() => page.getByRole('button', { name: 'Create API key' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await settle(page);
    await checkAccessibility(page, 'the API keys page');

    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Payroll sync');
    await page.getByTestId('api-key-save').click();
    const value = page.getByTestId('shown-once-value');
    await expect.poll(() => value.isVisible(), { timeout: 15_000 }).toBe(true);
    const key = (await value.textContent())!.trim();
    expect(key).toMatch(/^vigil_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('shown-once-copy').click();
    await expect.poll(() => page.getByText('Copied').first().isVisible()).toBe(true);
    await page.waitForTimeout(400);
    await shoot(page, '90-api-key-created');
    await checkAccessibility(page, 'the new API key dialog');
    await page.getByTestId('shown-once-done').click();

    // The list shows the key by its last characters only.
    const table = page.getByTestId('api-keys-table');
    await expect.poll(() => table.getByText('Payroll sync').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await table.getByText(`vigil_…${key.slice(-4)}`).isVisible()).toBe(true);
    expect(await page.content()).not.toContain(key);

    // The public API answers the key for its company.
    const employees = await publicApi(key, 'GET', '/employees?limit=2');
    expect(employees.status).toBe(200);
    expect((employees.body!.data as unknown[]).length).toBe(2);
    expect(typeof employees.body!.next).toBe('string');
    const list = await publicApi(key, 'POST', '/lists', { name: 'Synced from payroll' });
    expect(list.status).toBe(200);
    expect((await publicApi('vigil_not-a-real-key', 'GET', '/lists')).status).toBe(401);

    // The audit log shows the key's change.
    await page.goto(`${baseUrl}/settings/audit/`);
    const audit = page.getByTestId('audit-table');
    await expect
      .poll(() => audit.getByText('POST /api/v1/lists').first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    const row = audit.locator('tr', { hasText: 'POST /api/v1/lists' }).first();
    expect(await row.getByText('Payroll sync').isVisible()).toBe(true);
    expect(await row.getByText('API key').isVisible()).toBe(true);
    await page.getByTestId('audit-actor').fill('Payroll');
    // Only the key's rows stay, and there is at least one.
    await expect
      .poll(async () => {
        const rows = await audit.locator('tbody tr').allTextContents();
        return rows.length > 0 && rows.every((t) => t.includes('Payroll sync'));
      })
      .toBe(true);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await settle(page);
    await shoot(page, '91-audit-log');
    await checkAccessibility(page, 'the audit log');
    await page.context().close();
  });

  it('reads well on a phone', async () => {
    const page = await open(390, 844, '/settings/apikeys/');
    await expect.poll(() => page.getByTestId('api-keys-table').isVisible(), { timeout: 20_000 }).toBe(true);
    await settle(page);
    await shoot(page, '92-api-keys-phone');
    await checkAccessibility(page, 'the API keys page on a phone');
    await page.goto(`${baseUrl}/settings/audit/`);
    await expect.poll(() => page.getByTestId('audit-table').isVisible(), { timeout: 20_000 }).toBe(true);
    await settle(page);
    await shoot(page, '93-audit-log-phone');
    await checkAccessibility(page, 'the audit log on a phone');
    await page.context().close();
  });
});
