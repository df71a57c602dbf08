import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';

type Decisions = {
  start: string;
  decisions: { id: string; options: { label: string; next: string | null; correct: boolean }[] }[];
};

describe('content library journey', () => {
  let browser: Browser;
  let page: Page;
  const events: number[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/subjects\/[^/]+\/events$/.test(r.url()))
        events.push(JSON.parse(r.postData() ?? '{}').code);
    });
    await signInAs(page, baseUrl, ADMIN, '/catalog');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('browses the catalogue by category and search', async () => {
    await expect
      .poll(() => page.getByTestId('subject-card').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(30);
    await shoot(page, '30-catalogue');
    await page.getByRole('link', { name: 'Ransomware' }).first().click();
    await page.waitForURL(/\/catalog\/ransomware\/?$/);
    await expect.poll(() => page.getByTestId('subject-card').count()).toBe(3);
    await page.getByRole('searchbox', { name: 'Search subjects' }).fill('zzzz nothing');
    await expect.poll(() => page.getByText('No subjects found').isVisible()).toBe(true);
  });

  it('plays a video subject to the end and records its progress events', async () => {
    events.length = 0;
    await page.goto(`${baseUrl}/catalog/subject/spot-the-phish/`);
    const title = await page.getByRole('heading', { level: 1 }).innerText();
    const video = page.getByLabel(title, { exact: true });
    await video.waitFor({ timeout: 15_000 });
    expect(await page.locator('video track[kind=captions][default]').count()).toBe(1);
    // Play it for real, sped up, so every threshold is crossed by playback.
    await page.evaluate(async () => {
      const v = document.querySelector('video')!;
      v.muted = true;
      v.playbackRate = 16;
      await v.play();
    });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')!.ended), {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(true);
    await shoot(page, '31-video-ended');
    await expect
      .poll(() => events.filter((c) => c >= 7 && c <= 12), { timeout: 10_000 })
      .toEqual([7, 8, 9, 10, 11, 12]);
    expect(events[0]).toBe(3);
  });

  async function playDecisions(correct: boolean): Promise<string | null> {
    await page.goto(`${baseUrl}/catalog/subject/decision-lost-laptop/`);
    await page.getByTestId('decision-player').waitFor({ timeout: 15_000 });
    // The player remembers earlier decisions; start over.
    const reset = page.getByRole('button', { name: 'Reset' });
    if (await reset.isVisible()) await reset.click();
    const tree = (await page.evaluate(async (url) => {
      const token = localStorage.getItem('token');
      const companyId = localStorage.getItem('companyId');
      const res = await fetch(`${url}/api/companies/${companyId}/subjects/decision-lost-laptop`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await res.json()).video_decisions;
    }, baseUrl)) as Decisions;
    let step: string | null = tree.start;
    while (step) {
      const decision = tree.decisions.find((d) => d.id === step)!;
      const option = decision.options.find((o) => o.correct === correct) ?? decision.options[0]!;
      await page
        .getByTestId('decision-player')
        .getByRole('button', { name: option.label, exact: true })
        .click();
      step = option.next;
    }
    await page.getByTestId('decision-outcome').waitFor();
    return page.getByTestId('decision-outcome').getAttribute('data-outcome');
  }

  it('plays a decision subject both ways', async () => {
    events.length = 0;
    const right = await playDecisions(true);
    await shoot(page, '32-decision-correct');
    await checkAccessibility(page, 'a decision scenario');
    const wrong = await playDecisions(false);
    await shoot(page, '33-decision-incorrect');
    expect([right, wrong]).toEqual(['correct', 'incorrect']);
    expect(events).toContain(16);
    expect(events).toContain(17);
    await page.getByRole('button', { name: 'View answer' }).click();
  });

  it('runs a SCORM 1.2 package in its frame and keeps what it reports', async () => {
    await page.goto(`${baseUrl}/catalog/subject/password-habits-check/`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Password habits check' }).waitFor({ timeout: 15_000 });
    const answers = [
      'A long passphrase of four unrelated words',
      'In the company password manager',
      'Deny it and report it to IT',
      'Refuse and ask IT to give them access',
    ];
    for (const answer of answers) await frame.getByLabel(answer).check();
    await frame.getByRole('button', { name: 'Check my answers' }).click();
    await expect.poll(() => frame.getByText('You scored 100%. Passed.').isVisible()).toBe(true);
    await shoot(page, '37-scorm-passed');
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .map((k) => localStorage.getItem(k) ?? '')
        .join(' '),
    );
    expect(stored).toContain('passed');
  });

  it('previews an assessment question and filters the content browser', async () => {
    await page.goto(`${baseUrl}/content/`);
    await page.getByTestId('question-tile').first().waitFor({ timeout: 15_000 });
    await shoot(page, '34-content-browser');
    await page.getByTestId('question-tile').first().getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('question-block').waitFor();
    expect(await dialog.getByText('{companyName}').count()).toBe(0);
    await shoot(page, '35-question-preview');
    await checkAccessibility(page, 'the question preview');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Reinforcement material' }).click();
    await page.waitForURL(/type=material/);
    await expect.poll(() => page.getByTestId('material-tile').count()).toBeGreaterThanOrEqual(6);
    await shoot(page, '36-content-materials');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((u) => u.search === '');
  });
});
