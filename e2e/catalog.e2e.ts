import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, screenshotDir, shoot } from './browser.ts';
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
    await expect.poll(() => page.getByTestId('subject-card').count()).toBe(4);
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
      const scenario = page.getByTestId('decision-player');
      await scenario.getByRole('button', { name: option.label, exact: true }).click();
      // Each choice shows its feedback; Continue goes on.
      await scenario.getByRole('button', { name: 'Continue' }).click();
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
    await page.getByRole('heading', { name: 'The correct path' }).waitFor();
  });

  /** The modal as it is on screen (a full-page shot shows the page behind it). */
  async function shootDialog(name: string) {
    await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
  }

  /** Opens a subject of the content browser in its preview modal. */
  async function openPreview(title: string) {
    await page.goto(`${baseUrl}/content/`);
    const training = page.getByTestId('section-training');
    await training.getByRole('button', { name: 'See all' }).click({ timeout: 15_000 });
    await training.getByRole('button', { name: title, exact: true }).click();
    return page.getByRole('dialog', { name: title });
  }

  it.each([
    [1440, 900],
    [390, 844],
  ])(
    'previews a decision subject, its quiz and a video transcript in the modal at %i px',
    async (width, height) => {
      await page.setViewportSize({ width, height });
      events.length = 0;
      const dialog = await openPreview('The laptop stolen from the café');
      const scenario = dialog.getByTestId('decision-player');
      await scenario.waitFor({ timeout: 15_000 });

      // View answer: the path of right choices, in the feedback table.
      await scenario.getByRole('button', { name: 'View answer' }).click();
      await scenario.getByRole('heading', { name: 'The correct path' }).waitFor();
      const rows = scenario.getByTestId('decision-feedback').locator('tbody tr');
      await expect.poll(() => rows.count()).toBeGreaterThan(1);
      expect(await scenario.getByRole('button', { name: 'View answer' }).isDisabled()).toBe(true);
      await shoot(page, `38-preview-answer-${width}`);
      await shootDialog(`38-preview-answer-${width}-modal`);
      await checkAccessibility(page, `the subject preview modal with the answer shown at ${width} px`);

      // Reset: the story starts again at its first decision; a choice gets its feedback.
      await scenario.getByRole('button', { name: 'Reset' }).click();
      await scenario.getByText('Decision 1', { exact: true }).waitFor();
      await scenario.getByRole('group').getByRole('button').first().click();
      await scenario.getByRole('button', { name: 'Continue' }).waitFor();
      await expect.poll(() => events.includes(16)).toBe(true);

      // The quiz, graded in the browser: every answer recorded as right (5) or wrong (6).
      const quiz = dialog.locator('section.quiz');
      await quiz.scrollIntoViewIfNeeded();
      // The count is shown in capitals; its text content is as written.
      const total = Number((await quiz.getByText(/^Question 1 of \d+$/).textContent())?.split(' of ')[1]);
      expect(total).toBeGreaterThan(0);
      for (let i = 1; i <= total; i += 1) {
        await quiz.getByRole('group').getByRole('button').first().click();
        await quiz.getByRole('button', { name: i < total ? 'Next question' : 'See my result' }).click();
      }
      await quiz.getByTestId('preview-result').waitFor();
      expect(await quiz.getByTestId('preview-result').innerText()).toMatch(
        /^You answered \d of \d+ questions/,
      );
      await expect.poll(() => events.filter((c) => c === 5 || c === 6).length).toBe(total);
      await shoot(page, `39-preview-quiz-${width}`);
      await quiz.scrollIntoViewIfNeeded();
      await shootDialog(`39-preview-quiz-${width}-modal`);
      await checkAccessibility(page, `the subject preview modal after the quiz at ${width} px`);
      await quiz.getByRole('button', { name: 'Start the quiz again' }).click();
      await quiz.getByText(`Question 1 of ${total}`, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();

      // A video subject shows its slides as the transcript below the video.
      const video = await openPreview('Spot the phish');
      await video.locator('video').waitFor({ timeout: 15_000 });
      await video.getByText('Read the transcript').click();
      await expect.poll(() => video.locator('details.transcript h3').count()).toBeGreaterThan(0);
      await shoot(page, `40-preview-transcript-${width}`);
      await shootDialog(`40-preview-transcript-${width}-modal`);
      await checkAccessibility(page, `the video preview modal at ${width} px`);
      await video.getByRole('button', { name: 'Close' }).first().click();
      await page.setViewportSize({ width: 1366, height: 900 });
    },
  );

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
