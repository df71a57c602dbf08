import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, mailTo, managerToken, sendNowProgram } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { visible } from './learner.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const PHONE = 'pia.phone@harbor-logistics.example';
const DESK = 'kai.keys@harbor-logistics.example';
const TITLE = 'Inbox check: the overdue invoice';

/**
 * An interactive subject end to end: an employee on a phone finds the red flags by tapping, another on
 * a desktop by keyboard alone; the manager then sees per-flag figures in the program's lessons.
 */
describe('interactive subjects', () => {
  let browser: Browser;
  let trainingId: string;
  const links: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await managerToken(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      token,
      'GET',
      '/companies/my_companies',
    );
    const company = companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
    const list = await api<{ id: string }>(baseUrl, token, 'POST', `/companies/${company}/lists`, {
      name: 'E2E interactive',
    });
    await api(baseUrl, token, 'POST', `/companies/${company}/lists/${list.id}/users`, {
      users: [
        { email: PHONE, name: 'Pia Phone' },
        { email: DESK, name: 'Kai Keys' },
      ],
    });
    const name = `Flags ${Date.now().toString(36)}`;
    const saved = await api<{ automation: { id: string } }>(
      baseUrl,
      token,
      'POST',
      `/companies/${company}/automations`,
      sendNowProgram(name, ['interactive-invoice-inbox'], list.id),
    );
    trainingId = saved.automation.id;
    for (const email of [PHONE, DESK]) {
      const mail = await mailTo(baseUrl, email, `${name}: new lessons for you`);
      links[email] = mail.text.match(/https?:\/\/\S+#t=\S+/)![0];
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The scene's result posts, as the server gets them. */
  function recordScenes(page: Page) {
    const posted: { scene: string; found: string[]; choice: string }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/learner/interactive'))
        posted.push(JSON.parse(r.postData() ?? '{}') as (typeof posted)[number]);
    });
    return posted;
  }

  it('is completed on a phone by tapping: a hint after a wrong tap, the link target through its button', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('learner page error:', err.message));
    const posted = recordScenes(page);
    await page.goto(links[PHONE]!);
    await expect.poll(() => visible(page, 'Hello, Pia Phone'), { timeout: 20_000 }).toBe(true);
    await page.getByText(TITLE).first().tap();
    await page.getByRole('heading', { name: 'Find the red flags' }).waitFor({ timeout: 15_000 });
    const spot = (element: string) => page.locator(`[data-element="${element}"]`);

    // A wrong tap gives the first hint.
    await spot('date').tap();
    await expect.poll(() => visible(page, 'Not a red flag.')).toBe(true);
    await shoot(page, '90-interactive-phone-hint');
    for (const element of ['sender-address', 'reply-to', 'pressure', 'portal-link', 'attachment'])
      await spot(element).tap();
    await expect.poll(() => page.getByTestId('flag-count').textContent()).toBe('5 of 5 red flags found');
    // A long press on the link reveals its real target: a touch held past the press time (500 ms; held
    // 1.2 s, as the shared machine may run the page's timer late).
    const target = 'brightline-portal.invoice-check.example/login';
    /** How many places show the target (the hover tip and the line under the link both hold it). */
    const shownTimes = async () => {
      let n = 0;
      for (const el of await page.getByText(target).all()) if (await el.isVisible()) n++;
      return n;
    };
    expect(await shownTimes()).toBe(0);
    // In the middle of the screen, clear of the sticky bars, and the finger lands on the link itself.
    await spot('portal-link').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await spot('portal-link').boundingBox())!;
    const point = { x: box.x + Math.min(20, box.width / 2), y: box.y + box.height / 2 };
    expect(
      await page.evaluate(
        ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-element="portal-link"]'),
        point,
      ),
    ).toBe(true);
    const touch = await context.newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await page.waitForTimeout(1200);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Shown once: the line under the link, not also the hover tip.
    await expect
      .poll(shownTimes)
      .toBe(1)
      .catch(async (error: unknown) => {
        await shoot(page, '91a-interactive-phone-long-press-missing');
        throw error;
      });
    expect(await page.getByRole('button', { name: 'Hide link target' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Hide link target' }).first().tap();
    await expect.poll(shownTimes).toBe(0);
    // The same through its button (the text alternative to hovering), shown once as well.
    await page.getByRole('button', { name: 'Show link target' }).first().tap();
    await expect.poll(shownTimes).toBe(1);
    await shoot(page, '91-interactive-phone-email');
    await checkAccessibility(page, 'an interactive email scene at 390 px');

    await page.getByRole('button', { name: 'All red flags found — decide now' }).tap();
    await page.getByRole('button', { name: /Report it with the report button/ }).tap();
    await expect.poll(() => visible(page, 'Good choice')).toBe(true);
    await page.getByRole('button', { name: 'Next scene' }).tap();

    await spot('address').tap();
    await shoot(page, '92-interactive-phone-browser');
    await page.getByRole('button', { name: /decide now/ }).tap();
    await page.getByRole('button', { name: /Close the page, enter nothing/ }).tap();
    await page.getByRole('button', { name: 'See what you found' }).tap();
    await expect
      .poll(() => page.getByTestId('interactive-score').textContent())
      .toBe('You found 6 of 8 red flags and made 2 of 2 decisions right.');
    await shoot(page, '93-interactive-phone-summary');
    await checkAccessibility(page, 'an interactive summary at 390 px');
    await expect.poll(() => posted.length, { timeout: 10_000 }).toBe(2);
    expect(posted[0]).toMatchObject({ scene: 'invoice-email', choice: 'report' });
    expect(posted[0]!.found).toHaveLength(5);
    await context.close();
  });

  it('is completed on a desktop by keyboard alone', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('learner page error:', err.message));
    const posted = recordScenes(page);
    await page.goto(links[DESK]!);
    await expect.poll(() => visible(page, 'Hello, Kai Keys'), { timeout: 20_000 }).toBe(true);

    /** Tabs forward until the focused element passes `test` (a JS expression on `el`), then presses Enter. */
    const tabTo = async (test: string, what: string) => {
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(`(el => ${test})(document.activeElement)`)) {
          await page.keyboard.press('Enter');
          return;
        }
      }
      throw new Error(`Tab never reached ${what}`);
    };
    const spot = (id: string) => `el.getAttribute('data-element') === ${JSON.stringify(id)}`;
    const saying = (text: string) => `(el.textContent ?? '').includes(${JSON.stringify(text)})`;

    await tabTo(saying(TITLE), 'the lesson');
    await page.getByRole('heading', { name: 'Find the red flags' }).waitFor({ timeout: 15_000 });
    for (const id of ['sender-address', 'portal-link']) await tabTo(spot(id), id);
    await expect.poll(() => page.getByTestId('flag-count').textContent()).toBe('2 of 5 red flags found');
    await shoot(page, '94-interactive-desktop-email');
    await checkAccessibility(page, 'an interactive email scene at 1440 px');
    await tabTo(saying('decide now'), 'the decision');
    await tabTo(saying('Open the portal link'), 'a choice');
    await expect.poll(() => visible(page, 'Risky choice')).toBe(true);
    // The feedback's button has the focus: Enter goes on.
    await page.keyboard.press('Enter');
    await page.getByText('Scene 2 of 2').waitFor();
    for (const id of ['address', 'padlock', 'password-field']) await tabTo(spot(id), id);
    await shoot(page, '95-interactive-desktop-browser');
    // Once every flag is found the decide button has the focus.
    await page.keyboard.press('Enter');
    await tabTo(saying('Close the page, enter nothing'), 'a choice');
    await page.keyboard.press('Enter');
    await expect.poll(() => visible(page, 'What you found')).toBe(true);
    await shoot(page, '96-interactive-desktop-summary');
    await expect.poll(() => posted.length, { timeout: 10_000 }).toBe(2);
  });

  it('shows the manager per-flag figures in the program', async () => {
    for (const width of [1440, 390]) {
      const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await signInAs(page, baseUrl, ADMIN, '/');
      await page.goto(`${baseUrl}/trainings/${trainingId}/view`);
      const flags = page.getByTestId('lesson-flags');
      await flags.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
        await shoot(page, `97-interactive-manager-missing-${width}`);
        throw error;
      });
      expect(await flags.getByRole('heading').textContent()).toBe(`Red flags: ${TITLE}`);
      const rows = page.getByTestId('flag-row');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(8);
      // Both found the look-alike sender; only the phone learner found the reply-to.
      await expect
        .poll(() => rows.filter({ hasText: 'Look-alike sender domain' }).textContent())
        .toContain('0% missed');
      await expect
        .poll(() => rows.filter({ hasText: 'Replies go elsewhere' }).textContent())
        .toContain('50% missed');
      await flags.scrollIntoViewIfNeeded();
      await shoot(page, `97-interactive-manager-flags-${width}`);
      // On a phone the figures are cards: nothing scrolls sideways.
      if (width === 390)
        expect(await flags.evaluate((el) => [...el.querySelectorAll('table')].length)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await checkAccessibility(page, `the per-flag figures at ${width} px`);
      await page.context().close();
    }
  });

  it("recommends interactive subjects from an assessment's weakest behaviours, and starts a program with them", async () => {
    const token = await managerToken(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      token,
      'GET',
      '/companies/my_companies',
    );
    const company = companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
    // The demo's assessments: the first whose weakest behaviours have subjects that train them.
    const listed = await api<{ rows: Array<{ id: string }> }>(
      baseUrl,
      token,
      'GET',
      `/companies/${company}/assessments`,
    );
    let found: { id: string; titles: string[] } | undefined;
    for (const row of listed.rows) {
      const r = await api<{ behaviours: unknown[]; subjects: Array<{ title: string; type: number }> }>(
        baseUrl,
        token,
        'GET',
        `/companies/${company}/assessments/${row.id}/recommended-training`,
      );
      if (r.subjects.length > 0) {
        expect(r.subjects.some((s) => s.type === 5)).toBe(true);
        found = { id: row.id, titles: r.subjects.map((s) => s.title) };
        break;
      }
    }
    expect(found, 'a demo assessment with weak behaviours').toBeDefined();
    for (const width of [1440, 390]) {
      const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await signInAs(page, baseUrl, ADMIN, '/');
      await page.goto(`${baseUrl}/assessment/${found!.id}/view`);
      const section = page.getByTestId('recommended-training');
      await section.waitFor({ timeout: 60_000 });
      expect(await section.getByRole('heading', { name: 'Recommended training' }).isVisible()).toBe(true);
      await expect.poll(() => section.getByTestId('recommended-subject').count()).toBe(found!.titles.length);
      await page.waitForLoadState('networkidle');
      await section.scrollIntoViewIfNeeded();
      await shoot(page, `98-recommended-training-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await checkAccessibility(page, `the recommended training at ${width} px`);
      if (width === 1440) {
        await section.getByTestId('recommended-start').click();
        await page.waitForURL(/\/trainings\/create\/$/);
        await expect.poll(() => visible(page, found!.titles[0]!), { timeout: 20_000 }).toBe(true);
        expect(await page.getByTestId('subjects-summary').textContent()).toContain(`${found!.titles.length}`);
        await shoot(page, '99-recommended-training-wizard');
        await checkAccessibility(page, 'the wizard started with recommended subjects');
      }
      await page.context().close();
    }
  });

  it("paints the subject's head from the page itself before the app's scripts, which then take its calls", async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    page.on('pageerror', (err) => console.error('learner page error:', err.message));
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/learner/')) asked.push(new URL(r.url()).pathname);
    });
    // The app's entry is held back: what shows meanwhile comes from index.html alone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entryAsked = false;
    await page.route(/\/learn\/assets\/index-[^/]+\.js$/, async (route) => {
      entryAsked = true;
      await held;
      await route.continue();
    });
    const subjectPage = `trainings/${trainingId}/subjects/interactive-invoice-inbox`;
    await page.goto(`${links[DESK]!}&go=${encodeURIComponent(subjectPage)}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.subject-head .lead').isVisible()).toBe(true);
    expect(await visible(page, 'Kai Keys')).toBe(true);
    // Painted first, then the scripts were asked for; the address no longer carries the token.
    await expect.poll(() => entryAsked).toBe(true);
    expect(await visible(page, 'Back')).toBe(false);
    expect(page.url()).toBe(`${baseUrl}/learn/#/${subjectPage}`);
    await shoot(page, '97-interactive-first-paint-390');

    release();
    await page.getByRole('link', { name: 'Back' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Find the red flags' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // The app took the two calls the page had started instead of asking again.
    const subjectCall = `/api/learner/${subjectPage}`;
    expect(asked.filter((path) => path === '/api/learner/me')).toHaveLength(1);
    expect(asked.filter((path) => path === subjectCall)).toHaveLength(1);
    await checkAccessibility(page, 'an interactive subject opened from a link at 390 px');
    await page.context().close();
  });
});
