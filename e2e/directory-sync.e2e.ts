/**
 * Directory sync (issue 20): an admin connects Azure AD against the local fake of Microsoft Graph
 * (started by global-setup.ts), picks two groups, previews, syncs with the progress bar moving, finds
 * the lists and employees; then the directory changes and a second sync follows it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { settle } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const fake = inject('fakeDirectory');
const ADMIN = 'alex.morgan@harbor-logistics.example';

/** Calls a function of the fake directory in the setup's process (see global-setup.ts). */
async function fakeCall<T = unknown>(call: string, ...args: unknown[]): Promise<T> {
  const res = await fetch(fake.control, { method: 'POST', body: JSON.stringify({ call, args }) });
  if (!res.ok) throw new Error(`fake directory ${call}: ${await res.text()}`);
  return (await res.json()) as T;
}

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 }).toBe(true);

describe('directory sync journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(width: number, path: string): Promise<Page> {
    const phone = width < 500;
    const context = await browser.newContext({
      viewport: { width, height: phone ? 844 : 900 },
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, ADMIN, path);
    return page;
  }

  it('connects Azure AD, syncs two groups with live progress, and follows the directory when it changes', async () => {
    // TODO(fake): seed the directory
  });
});
