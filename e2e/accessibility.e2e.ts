import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { axeViolations, checkAccessibility, describeViolations, isFailing } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { managerPages, PARTNER_ADMIN, partnerPages, settle, type ManagerPage } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';

const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

/** Some forty pages, each loaded, photographed and checked, on a machine that may be busy. */
const PAGES_TIMEOUT = 600_000;

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

/** Whether the page is wider than its window, so that a phone would scroll it sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * Tables wider than their box that give no sign of it: a hint is the edge shadow of the shared table
 * scroll container (a background gradient), and the box takes keyboard focus so it can be scrolled.
 */
const tablesCutWithoutHint = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('table')]
        .map((table) =>
          table.parentElement?.closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer'),
        )
        .filter((box) => box && box.scrollWidth > box.clientWidth + 1)
        .filter((box) => !getComputedStyle(box!).backgroundImage.includes('gradient') || box!.tabIndex !== 0)
        .length,
  );

/** The font size the page's own style sheets give the captions of this video, at the current width. */
const captionFontSize = (page: Page, video: string) =>
  page.evaluate((selector) => {
    const rules = (list: CSSRuleList): CSSRule[] =>
      [...list].flatMap((rule) =>
        rule instanceof CSSMediaRule
          ? matchMedia(rule.conditionText).matches
            ? rules(rule.cssRules)
            : []
          : [rule],
      );
    const sizes = [...document.styleSheets]
      .flatMap((sheet) => rules(sheet.cssRules))
      .filter(
        (rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && rule.selectorText.includes('::cue'),
      )
      .filter((rule) => document.querySelector(selector)?.matches(rule.selectorText.replace('::cue', '')))
      .map((rule) => rule.style.fontSize);
    return sizes.at(-1) ?? null;
  }, video);

describe('accessibility journey', () => {
  let browser: Browser;
  let token: string;
  let pages: ManagerPage[];
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await managerToken(baseUrl, ADMIN);
    pages = [
      ...(await managerPages(baseUrl, token)),
      ...(await partnerPages(baseUrl, await managerToken(baseUrl, PARTNER_ADMIN))),
    ];
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signedIn(
    viewport: keyof typeof VIEWPORTS,
    email = ADMIN,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, email, '/');
    return { context, page };
  }

  for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
    it(
      `every manager page at ${VIEWPORTS[viewport].viewport.width} px: no serious or critical axe violation, one h1, no table cut off without a hint, nothing wider than the screen`,
      async () => {
        // One signed-in window per person the pages are for (the partner pages are the partner admin's).
        const sessions = new Map<string, { context: BrowserContext; page: Page }>();
        const sessionOf = async (email: string) => {
          if (!sessions.has(email)) sessions.set(email, await signedIn(viewport, email));
          return sessions.get(email)!;
        };
        const failures: string[] = [];
        const lesser: string[] = [];
        for (const { name, path, as = ADMIN } of pages) {
          const { page } = await sessionOf(as);
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
          const hidden = await tablesCutWithoutHint(page);
          if (hidden > 0) failures.push(`${name} (${path}): ${hidden} tables cut off with no scroll hint`);
          if (await scrollsSideways(page))
            failures.push(`${name} (${path}): the page is wider than the screen`);
        }
        if (lesser.length > 0) console.log(`moderate/minor at ${viewport}:\n${lesser.join('\n')}`);
        expect(failures.join('\n\n')).toBe('');
        for (const { context } of sessions.values()) await context.close();
      },
      PAGES_TIMEOUT,
    );
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

  it("a dialog's buttons stay in sight on a phone while its form scrolls", async () => {
    const context = await browser.newContext({ ...VIEWPORTS.phone, viewport: { width: 390, height: 560 } });
    const page = await context.newPage();
    await signInAs(page, baseUrl, ADMIN, '/trainings/');
    await settle(page);
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog');
    const apply = dialog.getByRole('button', { name: 'Apply' });
    await expect.poll(() => apply.isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(400);
    // The form is longer than the screen, so that the check means something.
    const content = page.locator('.mantine-Modal-content');
    expect(await content.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const inView = async () => {
      const box = (await apply.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 560;
    };
    expect(await inView()).toBe(true);
    await content.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    expect(await inView()).toBe(true);
    await shoot(page, 'a11y-phone-filters-dialog');
    await checkAccessibility(page, 'the filters dialog on a phone');
    await context.close();
  });

  it('the learner app on a phone: no serious axe violation, nothing wider than the screen, readable captions', async () => {
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      token,
      'GET',
      '/companies/my_companies',
    );
    const company = companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
    const trainings = await api<{ rows: Array<{ id: string; name: string }> }>(
      baseUrl,
      token,
      'GET',
      `/companies/${company}/automations`,
    );
    const training = trainings.rows.find((t) => t.name === 'Data protection essentials')!;
    const [employee] = (
      await api<{ rows: Array<{ email: string }> }>(
        baseUrl,
        token,
        'GET',
        `/companies/${company}/automations/${training.id}/employees`,
      )
    ).rows;
    const { link } = await api<{ link: string }>(
      baseUrl,
      token,
      'POST',
      `/companies/${company}/automations/${training.id}/users/${encodeURIComponent(employee!.email)}/link`,
    );

    const context = await browser.newContext({ ...VIEWPORTS.phone, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(link);
    const lesson = page.locator('a, button').filter({ hasText: 'Classifying data' }).first();
    await expect.poll(() => lesson.isVisible(), { timeout: 20_000 }).toBe(true);
    await settle(page);
    await checkAccessibility(page, 'the learner home on a phone');
    expect(await scrollsSideways(page)).toBe(false);
    await shoot(page, 'a11y-phone-learner-home');

    await lesson.click();
    const video = '.video-frame video';
    await expect.poll(() => page.locator(video).count(), { timeout: 15_000 }).toBe(1);
    await settle(page);
    await checkAccessibility(page, 'a video lesson on a phone');
    expect(await captionFontSize(page, video)).toBe('1rem');
    // A long address in the further reading wraps instead of widening the page.
    await page.locator('.further').evaluate((section) => {
      const link = document.createElement('a');
      link.href =
        link.textContent = `https://intranet.harbor-logistics.example/${'security/'.repeat(12)}policy.pdf`;
      section.append(link);
    });
    expect(await scrollsSideways(page)).toBe(false);
    await page.locator(video).evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      el.currentTime = 8;
      await new Promise((resolve) => el.addEventListener('seeked', resolve, { once: true }));
    });
    await shoot(page, 'a11y-phone-learner-video');
    await context.close();
  });
});
