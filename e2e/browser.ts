import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');

/** Debian's Chromium (or CHROME_PATH), headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves a full-page screenshot under e2e/screenshots/<name>.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** A page `width` px wide in a context of its own: a phone (touch, 844 high) under 500 px, else 900 high. */
export async function newPageAt(browser: Browser, width: number): Promise<Page> {
  const phone = width < 500;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  return page;
}

/** Waits until the first element with this text shows. */
export const shows = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 }).toBe(true);

/**
 * Calls a function of a fake (directory, Slack) in the setup's process through its remote control, or
 * reads a value of it (see global-setup.ts).
 */
export async function callFake<T = unknown>(control: string, call: string, ...args: unknown[]): Promise<T> {
  const res = await fetch(control, { method: 'POST', body: JSON.stringify({ call, args }) });
  if (!res.ok) throw new Error(`fake ${call}: ${await res.text()}`);
  return (await res.json()) as T;
}
