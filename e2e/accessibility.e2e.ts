import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { managerToken } from './api.ts';
import { axeViolations, describeViolations, isFailing } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { managerPages, settle, type ManagerPage } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';

const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

/** Whether the focused element is one a sighted keyboard user can see on screen. */
const focusIsVisible = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return true;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const onScreen =
      box.width > 0 && box.height > 0 && box.right > 0 && box.bottom > 0 && box.left < innerWidth;
    return onScreen && style.visibility !== 'hidden' && el.checkVisibility({ opacityProperty: true });
  });

describe('accessibility journey', () => {
  let browser: Browser;
  let pages: ManagerPage[];
  beforeAll(async () => {
    browser = await launchBrowser();
    pages = await managerPages(baseUrl, await managerToken(baseUrl, ADMIN));
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signedIn(
    viewport: keyof typeof VIEWPORTS,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, ADMIN, '/');
    return { context, page };
  }

  for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
    it(`every manager page at ${VIEWPORTS[viewport].viewport.width} px: no serious or critical axe violation, one h1`, async () => {
      const { context, page } = await signedIn(viewport);
      const failures: string[] = [];
      const lesser: string[] = [];
      for (const { name, path } of pages) {
        await page.goto(`${baseUrl}${path}`);
        await settle(page);
        await shoot(page, `a11y-${viewport}-${name}`);
        const violations = await axeViolations(page);
        const failing = violations.filter(isFailing);
        if (failing.length > 0) failures.push(`${name} (${path}):\n${describeViolations(failing)}`);
        const minor = violations.filter((v) => !isFailing(v));
        if (minor.length > 0) lesser.push(`${name}: ${minor.map((v) => v.id).join(', ')}`);
        const h1 = await page.locator('h1:visible').count();
        if (h1 !== 1) failures.push(`${name} (${path}): ${h1} visible h1 headings, expected one`);
      }
      if (lesser.length > 0) console.log(`moderate/minor at ${viewport}:\n${lesser.join('\n')}`);
      expect(failures.join('\n\n')).toBe('');
      await context.close();
    });
  }

  it('a skip link leads to the main content and Tab never lands in the hidden menu', async () => {
    for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
      const { context, page } = await signedIn(viewport);
      await settle(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);

      // From the top, through the header and into the page: every stop is on screen.
      await page.reload();
      await settle(page);
      for (let stop = 0; stop < 25; stop++) {
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
        expect(await focusIsVisible(page), `${viewport}, Tab stop ${stop + 1}: ${where}`).toBe(true);
      }
      await context.close();
    }
  });
});
