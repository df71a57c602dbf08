import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('adds a webhook, sends it a signed test event, pauses it and lists the delivery', async () => {
    // A receiver on this machine (private targets are allowed outside production).
    const got: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.end('received');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/vigil`;
    try {
      const page = await open(1440, 900, '/settings/apikeys/');
      await expect.poll(() => page.getByTestId('webhook-add').isVisible(), { timeout: 20_000 }).toBe(true);
      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-url').fill(url);
      await page.getByLabel("An employee's email bounced").check();
      await page.getByTestId('webhook-save').click();
      const secretShown = page.getByTestId('shown-once-value');
      await expect.poll(() => secretShown.isVisible(), { timeout: 15_000 }).toBe(true);
      const secret = (await secretShown.textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      await page.getByTestId('shown-once-done').click();

      const table = page.getByTestId('webhooks-table');
      const row = table.locator('tr', { hasText: url });
      await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
      await row.getByTestId('webhook-test').click();
      await expect
        .poll(() => page.getByText('Test event delivered: answered 200').first().isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(got).toHaveLength(1);
      const [t, v1] = String(got[0]!.headers['vigil-signature'])
        .split(',')
        .map((p) => p.split('=')[1]);
      expect(createHmac('sha256', secret).update(`${t}.${got[0]!.body}`).digest('hex')).toBe(v1);
      expect(JSON.parse(got[0]!.body)).toMatchObject({ event: 'webhook.test' });

      // Paused, and back: the switch says so and the server keeps it.
      const active = row.getByTestId('webhook-active');
      await active.click({ force: true });
      await expect.poll(() => row.getByText('Paused').isVisible(), { timeout: 15_000 }).toBe(true);
      await settle(page);
      await shoot(page, '94-webhooks');
      await checkAccessibility(page, 'the webhooks card');

      await row.getByTestId('webhook-deliveries-open').click();
      const deliveries = page.getByTestId('webhook-deliveries');
      await expect
        .poll(() => deliveries.getByText('webhook.test').isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await deliveries.getByText('Delivered').isVisible()).toBe(true);
      await settle(page);
      await shoot(page, '95-webhook-deliveries');
      await checkAccessibility(page, 'the webhook deliveries');
      await page.context().close();
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('reads well on a phone', async () => {
    const page = await open(390, 844, '/settings/apikeys/');
    await expect.poll(() => page.getByTestId('api-keys-table').isVisible(), { timeout: 20_000 }).toBe(true);
    await settle(page);
    await shoot(page, '92-api-keys-phone');
    await checkAccessibility(page, 'the API keys page on a phone');
    await page.getByTestId('webhooks-table').scrollIntoViewIfNeeded();
    await shoot(page, '96-webhooks-phone');
    await page.goto(`${baseUrl}/settings/audit/`);
    await expect.poll(() => page.getByTestId('audit-table').isVisible(), { timeout: 20_000 }).toBe(true);
    await settle(page);
    await shoot(page, '93-audit-log-phone');
    await checkAccessibility(page, 'the audit log on a phone');
    await page.context().close();
  });
});
