import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, newPageAt, shoot } from './browser.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
/** The first video of the default content pack's first category. */
const VIDEO_ID = 'link-and-attachment-traps';

/** A plain page on another origin (127.0.0.1, a port of its own) that the snippet is pasted into. */
async function hostPage(): Promise<{ server: Server; url: string; paste: (snippet: string) => void }> {
  let body = '';
  const server = createServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intranet</title></head>` +
          `<body><h1>Our intranet</h1>${body}</body></html>`,
      ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { server, url, paste: (snippet) => (body = snippet) };
}

const usedViews = async (page: Page) =>
  Number(
    (await page.getByTestId('ppv-views-used').textContent())
      ?.match(/^([\d,.\s]+) of/)?.[1]
      ?.replace(/\D/g, ''),
  );

const purchasedViews = async (page: Page) =>
  Number(
    (await page.getByTestId('ppv-views-used').textContent())
      ?.match(/ of ([\d,.\s]+) views/)?.[1]
      ?.replace(/\D/g, ''),
  );

const barPercent = async (page: Page) =>
  Number(await page.getByTestId('ppv-views-bar').getAttribute('data-percent'));

const playerFrame = (page: Page): Frame | undefined => page.frames().find((f) => f.url().includes('/embed?'));

/**
 * The configurator's preview has its video's metadata: the page is ready for its screenshot. (Not
 * networkidle: the preview's video keeps a range request open while it buffers.)
 */
const previewReady = (page: Page) =>
  expect
    .poll(
      async () =>
        (await playerFrame(page)
          ?.locator('video')
          .evaluate((v: HTMLVideoElement) => v.readyState)
          .catch(() => 0)) ?? 0,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);

describe('Embed content journey', () => {
  let browser: Browser;
  const servers: Server[] = [];
  /** The video the first test embeds; the second opens its configurator. */
  let subjectId = '';
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) server.close();
  });

  it('generates a snippet, plays it on an allowed page, logs the view, and plays nothing elsewhere', async () => {
    const page = await newPageAt(browser, 1440);
    await signInAs(page, baseUrl, ADMIN, '/ppv/');
    await expect
      .poll(
        async () =>
          (await page.getByTestId('ppv-views-bar').count()) +
          (await page.getByTestId('ppv-no-access').count()),
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(0);
    if (await page.getByTestId('ppv-no-access').isVisible()) {
      expect(
        await page.getByText('You do not have access to the Embed content. Please contact').isVisible(),
      ).toBe(true);
      await checkAccessibility(page, 'the embed no-access page');
      await page.getByTestId('ppv-start-trial').click();
    }
    // A video of the default pack (the list also holds interactive subjects, which have no <video>).
    subjectId = VIDEO_ID;
    await expect
      .poll(() => page.getByTestId(`ppv-video-${subjectId}`).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const toggle = page.getByTestId(`ppv-toggle-${subjectId}`);
    if ((await toggle.textContent()) === 'Generate Snippet') await toggle.click();
    await expect
      .poll(() => page.getByTestId(`ppv-state-${subjectId}`).textContent(), { timeout: 15_000 })
      .toBe('Active');
    await expect.poll(() => toggle.textContent(), { timeout: 15_000 }).toBe('Disable Snippet');
    const usedBefore = await usedViews(page);
    const percentBefore = Number(await page.getByTestId('ppv-views-bar').getAttribute('data-percent'));
    await page.waitForLoadState('networkidle');
    await shoot(page, '95-ppv-videos-1440');
    await checkAccessibility(page, 'the embed videos page');

    // The configurator: allow the intranet's origin, see the preview, copy the iframe snippet.
    const allowed = await hostPage();
    servers.push(allowed.server);
    const allowedHost = new URL(allowed.url).host;
    await page.getByTestId(`ppv-video-${subjectId}`).getByRole('link', { name: 'Get snippet' }).click();
    await expect.poll(() => page.getByTestId('ppv-preview').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('ppv-domains').fill(allowedHost);
    await page.getByTestId('ppv-domains').press('Enter');
    await page.getByTestId('ppv-domains-save').click();
    await expect
      .poll(() => page.getByText('Saved', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('Labelled 480x360 · frame 560×375 px').isVisible()).toBe(true);
    await page.getByTestId('ppv-size-small').check();
    const snippet = (await page.getByTestId('ppv-snippet-iframe').textContent())!;
    expect(snippet).toContain('width="375" height="260"');
    // The preview is the real player, playing without counting.
    await expect.poll(async () => playerFrame(page)?.locator('video').count(), { timeout: 20_000 }).toBe(1);
    await previewReady(page);
    await shoot(page, '96-ppv-configurator-1440');
    await checkAccessibility(page, 'the embed configurator');

    // The snippet on the allowed page plays, and the view is counted.
    allowed.paste(snippet);
    const visitor = await newPageAt(browser, 1440);
    await visitor.goto(allowed.url);
    await expect
      .poll(async () => playerFrame(visitor)?.locator('video').count(), { timeout: 20_000 })
      .toBe(1);
    const frame = playerFrame(visitor)!;
    const view = visitor.waitForResponse((r) => r.url().endsWith('/api/embed/views'), { timeout: 20_000 });
    await frame.locator('video').evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    expect((await view).status()).toBe(200);
    await expect
      .poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await shoot(visitor, '97-ppv-allowed-page');

    // The same snippet on a page the list does not name gets no video.
    const other = await hostPage();
    other.paste(snippet);
    servers.push(other.server);
    const stranger = await newPageAt(browser, 1440);
    const refused = stranger.waitForResponse((r) => r.url().includes('/embed?'));
    await stranger.goto(other.url);
    await refused;
    await stranger.waitForTimeout(1500);
    expect(
      await playerFrame(stranger)
        ?.locator('video')
        .count()
        .catch(() => 0),
    ).toBeFalsy();
    await shoot(stranger, '98-ppv-other-origin');

    // The view is in the log, and the bar moved.
    await page.goto(`${baseUrl}/ppv/usage/`);
    const log = page.getByTestId('ppv-log');
    await expect
      .poll(() => log.getByRole('cell', { name: 'View', exact: true }).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // The page it played on: the frame's referrer (the script variant sends the full address).
    expect(await log.getByRole('cell', { name: allowed.url }).count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    await shoot(page, '99-ppv-usage-1440');
    await checkAccessibility(page, 'the views log');
    await page.goto(`${baseUrl}/ppv/`);
    await expect.poll(() => usedViews(page), { timeout: 20_000 }).toBe(usedBefore + 1);
    expect(await barPercent(page)).toBeGreaterThanOrEqual(percentBefore);

    // Buying views through the payment provider (the test provider's card form, 3-D Secure card):
    // the bar moves back, and the card stays the company's for the next views.
    const purchased = await purchasedViews(page);
    const percentUsed = await barPercent(page);
    await page.getByTestId('ppv-buy').click();
    await page.getByTestId('ppv-buy-views').fill('2000');
    await page.getByTestId('ppv-buy-continue').click();
    await expect.poll(() => page.getByTestId('card-number').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('card-number').fill('4000 0027 6000 3184');
    await page.getByTestId('card-expiry').fill('12/34');
    await page.getByTestId('card-cvc').fill('123');
    await shoot(page, '100-ppv-buy-card-1440');
    await checkAccessibility(page, 'buying views: the card');
    await page.getByTestId('pay').click();
    await expect
      .poll(() => page.getByTestId('three-d-secure-complete').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await page.getByTestId('three-d-secure-complete').click();
    await expect.poll(() => purchasedViews(page), { timeout: 20_000 }).toBe(purchased + 2000);
    await expect.poll(() => page.getByTestId('ppv-buy-modal').count(), { timeout: 10_000 }).toBe(0);
    expect(await barPercent(page)).toBeLessThan(percentUsed);
    await page.getByTestId('ppv-buy').click();
    await page.getByTestId('ppv-buy-views').fill('10');
    const onFile = page.getByTestId('ppv-buy-card-on-file');
    expect(await onFile.textContent()).toBe('Pay with Visa •••• 3184');
    await shoot(page, '101-ppv-buy-card-on-file-1440');
    await checkAccessibility(page, 'buying views with the card on file');
    await onFile.click();
    await expect.poll(() => purchasedViews(page), { timeout: 20_000 }).toBe(purchased + 2010);
  });

  it('shows the list, the configurator and the log at 390 px', async () => {
    const phone = await newPageAt(browser, 390);
    await signInAs(phone, baseUrl, ADMIN, '/ppv/');
    await expect.poll(() => phone.getByTestId('ppv-views-bar').isVisible(), { timeout: 20_000 }).toBe(true);
    await phone.waitForLoadState('networkidle');
    // The videos as cards: each whole on the screen, with its state and its buttons, nothing to scroll sideways.
    const card = phone.getByTestId(`ppv-video-${subjectId}`);
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await phone.locator('table[data-testid="ppv-videos"]').count()).toBe(0);
    expect(await card.getByTestId(`ppv-state-${subjectId}`).textContent()).toBe('Active');
    expect(await card.getByRole('link', { name: 'Get snippet' }).isVisible()).toBe(true);
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(phone, '95-ppv-videos-390');
    await checkAccessibility(phone, 'the embed videos page at 390 px');
    await phone.goto(`${baseUrl}/ppv/embed/${subjectId}/`);
    await expect.poll(() => phone.getByTestId('ppv-preview').isVisible(), { timeout: 20_000 }).toBe(true);
    await previewReady(phone);
    await shoot(phone, '96-ppv-configurator-390');
    await checkAccessibility(phone, 'the embed configurator at 390 px');
    await phone.goto(`${baseUrl}/ppv/usage/`);
    await expect.poll(() => phone.getByTestId('ppv-log').isVisible(), { timeout: 20_000 }).toBe(true);
    await phone.waitForLoadState('networkidle');
    await shoot(phone, '99-ppv-usage-390');
  });

  it('shows the public Videos to embed page, with the snippet of each video, at 1440 and 390 px', async () => {
    for (const width of [1440, 390]) {
      const visitor = await newPageAt(browser, width);
      await visitor.goto(`${baseUrl}/videos-to-embed/`);
      await expect
        .poll(() => visitor.getByRole('heading', { name: 'Videos to embed', level: 1 }).isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      await expect
        .poll(() => visitor.getByTestId(`embed-video-${VIDEO_ID}`).isVisible(), { timeout: 20_000 })
        .toBe(true);
      expect(await visitor.getByRole('heading', { name: 'Phishing', level: 2 }).isVisible()).toBe(true);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await visitor.waitForLoadState('networkidle');
      await shoot(visitor, `102-videos-to-embed-${width}`);
      await checkAccessibility(visitor, `the public Videos to embed page at ${width} px`);
      // German titles, and the snippet starts in German.
      await visitor.getByTestId('embed-language').click();
      await visitor.getByRole('option', { name: 'German' }).click();
      await visitor
        .getByTestId(`embed-video-${VIDEO_ID}`)
        .getByRole('button', { name: /^Get embed code/ })
        .click();
      const snippet = visitor.getByTestId('embed-snippet');
      await expect.poll(() => snippet.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await snippet.textContent()).toContain(`s=${VIDEO_ID}&amp;lang=de`);
      expect(await snippet.textContent()).toContain('key=YOUR_EMBED_KEY');
      await shoot(visitor, `103-videos-to-embed-snippet-${width}`);
      await checkAccessibility(visitor, `a public embed snippet at ${width} px`);
    }
  });
});
