import { strFromU8, unzipSync } from 'fflate';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, newPageAt, shoot } from './browser.ts';
import { startTestLms, type TestLms } from './test-lms.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const SUPER_ADMIN = 'riley.quinn@vigil.example';
const LEARNER = { id: 'offline-learner-3', name: 'Olli Offline' };
const SUBJECTS = ['public-wifi', 'clean-desk'];

interface LocalSubject {
  id: string;
  title: string;
  video: string | null;
  questions: { question: string; answers: string[]; correct: number }[];
}
interface Scorm2004Data {
  completion_status: string;
  success_status: string;
  score: { scaled: string; raw: string };
  suspend_data: string;
  exit: string;
}

/** What the LMS keeps of an attempt, once it has some. */
const dataOf = (lms: TestLms, attempt: number) => lms.launches[attempt]?.cmi as Partial<Scorm2004Data> | null;

/** The package's own frame in the LMS page. */
const course = (lms: Page): FrameLocator => lms.frameLocator('iframe[title="Course"]');

/**
 * Issue 23: a self-contained SCORM 2004 package (the videos inside, for an LMS whose learners cannot
 * reach Vigil) run by an independent run-time (scorm-again in the test LMS page) in Chromium: the video
 * plays, the quiz is answered, the LMS records completion, success, score and suspend data, and a
 * relaunch resumes at the subject not yet done.
 */
describe('a self-contained SCORM 2004 package in a learning platform', () => {
  let browser: Browser;
  let lms: TestLms | undefined;
  let rootToken = '';
  let harborId = '';
  let subjects: LocalSubject[] = [];
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await managerToken(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      adminToken,
      'GET',
      '/companies/my_companies',
    );
    harborId = companies.find((c) => c.company_name === 'Harbor Logistics')!.company_id;
    rootToken = await managerToken(baseUrl, SUPER_ADMIN);
    await api(baseUrl, rootToken, 'PUT', `/companies/${harborId}/features`, { cmi5Enabled: true });
    const saved = await api<{ automation: { id: string } }>(
      baseUrl,
      adminToken,
      'POST',
      `/companies/${harborId}/automations`,
      {
        name: `Offline course ${Date.now().toString(36)}`,
        status: 'scheduled',
        isScorm: true,
        templateId: null,
        subjects: SUBJECTS,
        userLists: [],
        scheduleType: 2,
        sendOptions: { channel: 1 },
        reminders_enabled: false,
        reminders_settings: { channel: 1, steps: [] },
        introMessageEnabled: false,
        introductoryData: { message: '' },
      },
    );
    const res = await fetch(
      `${baseUrl}/api/companies/${harborId}/automations/${saved.automation.id}/package?format=scorm2004&variant=self-contained`,
      { headers: { authorization: `Bearer ${adminToken}` } },
    );
    expect(res.status).toBe(200);
    const zip = new Uint8Array(await res.arrayBuffer());
    const page = strFromU8(unzipSync(zip)['index.html']!);
    const config = JSON.parse(
      /<script id="vigil-config" type="application\/json">([\s\S]*?)<\/script>/.exec(page)![1]!,
    ) as { subjects: LocalSubject[] };
    subjects = config.subjects;
    lms = await startTestLms(zip);
    expect(lms.version).toBe('2004');
  });

  afterAll(async () => {
    if (rootToken && harborId)
      await api(baseUrl, rootToken, 'PUT', `/companies/${harborId}/features`, { cmi5Enabled: false });
    await lms?.close();
    await browser?.close();
  });

  /** Plays the subject's video from inside the package until its time moves. */
  async function playVideo(frame: FrameLocator) {
    const video = frame.locator('video');
    await video.waitFor({ timeout: 20_000 });
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    expect(await video.evaluate((v: HTMLVideoElement) => v.textTracks.length)).toBe(1);
  }

  /** Answers a subject's quiz: right everywhere but at `wrong`; returns the answers right. */
  async function answer(frame: FrameLocator, subject: LocalSubject, wrong: number | null) {
    for (const [i, q] of subject.questions.entries()) {
      const pick = i === wrong ? (q.correct + 1) % q.answers.length : q.correct;
      await frame.getByRole('group', { name: q.question }).getByLabel(q.answers[pick]!).check();
    }
    return subject.questions.length - (wrong === null ? 0 : 1);
  }

  it('plays, records the first subject and resumes at the second on a relaunch', async () => {
    page = await newPageAt(browser, 1440);
    await page.goto(lms!.launchUrl(LEARNER));
    const frame = course(page);
    const [first, second] = subjects as [LocalSubject, LocalSubject];
    const heading = frame.getByRole('heading', { name: first.title });
    await heading.waitFor({ timeout: 30_000 });
    // The lesson starts at the top of the package's frame (the LMS page's frame starts at 110 px).
    expect((await heading.boundingBox())!.y).toBeLessThan(250);
    await playVideo(frame);
    await shoot(page, '96-self-contained-video-1440');
    await checkAccessibility(page, 'a self-contained package in the LMS');
    const right = await answer(frame, first, 0);
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('heading', { name: second.title }).waitFor();
    const score = Math.round((100 * right) / first.questions.length);
    await expect.poll(() => dataOf(lms!, 0)?.suspend_data ?? '', { timeout: 20_000 }).toContain(first.id);
    const saved = dataOf(lms!, 0) as Scorm2004Data;
    expect(saved).toMatchObject({ completion_status: 'incomplete', success_status: 'unknown' });
    expect(saved.score.raw).toBe(String(score));
    expect(JSON.parse(saved.suspend_data)).toMatchObject({ v: 1, done: [first.id] });

    // Leaving ends the attempt suspended; the LMS starts the next one with entry "resume".
    await page.goto(lms!.launchUrl(LEARNER));
    await expect.poll(() => lms!.launches[0]!.finished, { timeout: 20_000 }).toBe(true);
    expect(dataOf(lms!, 0)?.exit).toBe('suspend');
    await frame.getByRole('heading', { name: second.title }).waitFor({ timeout: 30_000 });
    const read = lms!.launches[1]!.calls.find((c) => c.fn === 'GetValue' && c.args[0] === 'cmi.suspend_data');
    expect(read?.result).toBe(saved.suspend_data);
  });

  it('finishes on the relaunch: completed, passed or failed by the score, the LMS keeps it all', async () => {
    const frame = course(page);
    const [first, second] = subjects as [LocalSubject, LocalSubject];
    await playVideo(frame);
    const right = (await answer(frame, second, null)) + (first.questions.length - 1);
    await frame.getByRole('button', { name: 'Finish' }).click();
    const score = Math.round((100 * right) / (first.questions.length + second.questions.length));
    await frame
      .getByRole('status')
      .filter({ hasText: `Your score: ${score}%` })
      .waitFor();
    await expect.poll(() => dataOf(lms!, 1)?.completion_status, { timeout: 20_000 }).toBe('completed');
    const data = dataOf(lms!, 1) as Scorm2004Data;
    expect(data.success_status).toBe(score >= 80 ? 'passed' : 'failed');
    expect(Number(data.score.scaled)).toBeCloseTo(score / 100, 2);
    expect(JSON.parse(data.suspend_data)).toMatchObject({ done: [first.id, second.id] });
    expect(lms!.launches[1]!.calls.every((c) => c.result !== 'false')).toBe(true);
    await shoot(page, '97-self-contained-finished-1440');

    const phone = await newPageAt(browser, 390);
    await phone.goto(lms!.launchUrl({ id: 'phone-learner', name: 'Pia Phone' }));
    await course(phone).getByRole('heading', { name: first.title }).waitFor({ timeout: 30_000 });
    await shoot(phone, '98-self-contained-390');
    await checkAccessibility(phone, 'a self-contained package on a phone');
  });
});

interface Scorm12Data {
  core: { lesson_status: string; score: { raw: string; min: string; max: string }; exit: string };
  suspend_data: string;
}

/**
 * Issue 25: a self-contained SCORM 1.2 package of an interactive subject (the one player's
 * InteractiveSubject built into the package) in the test LMS: the learner finds red flags with the
 * mouse and decides, the LMS records completion, success and score, and nothing reaches our server.
 */
describe('an interactive subject in a self-contained SCORM 1.2 package', () => {
  const SUBJECT = 'interactive-invoice-inbox';
  const TITLE = 'Inbox check: the overdue invoice';
  let browser: Browser;
  let lms: TestLms | undefined;
  let rootToken = '';
  let companyId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await managerToken(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      adminToken,
      'GET',
      '/companies/my_companies',
    );
    companyId = companies.find((c) => c.company_name === 'Harbor Logistics')!.company_id;
    rootToken = await managerToken(baseUrl, SUPER_ADMIN);
    await api(baseUrl, rootToken, 'PUT', `/companies/${companyId}/features`, { cmi5Enabled: true });
    const saved = await api<{ automation: { id: string } }>(
      baseUrl,
      adminToken,
      'POST',
      `/companies/${companyId}/automations`,
      {
        name: `Offline flags ${Date.now().toString(36)}`,
        status: 'scheduled',
        isScorm: true,
        templateId: null,
        subjects: [SUBJECT],
        userLists: [],
        scheduleType: 2,
        sendOptions: { channel: 1 },
        reminders_enabled: false,
        reminders_settings: { channel: 1, steps: [] },
        introMessageEnabled: false,
        introductoryData: { message: '' },
      },
    );
    const res = await fetch(
      `${baseUrl}/api/companies/${companyId}/automations/${saved.automation.id}/package?format=scorm12&variant=self-contained&lang=en`,
      { headers: { authorization: `Bearer ${adminToken}` } },
    );
    expect(res.status).toBe(200);
    const zip = new Uint8Array(await res.arrayBuffer());
    expect(Object.keys(unzipSync(zip))).toContain('vigil/interactive.js');
    lms = await startTestLms(zip);
    expect(lms.version).toBe('1.2');
  });

  afterAll(async () => {
    if (rootToken && companyId)
      await api(baseUrl, rootToken, 'PUT', `/companies/${companyId}/features`, { cmi5Enabled: false });
    await lms?.close();
    await browser?.close();
  });

  /** The package's own document inside the LMS page. */
  const packageFrame = (page: Page) => page.frames().find((f) => f.url().includes('/package/'))!;

  it('is played with the mouse to its end; the LMS records it passed with its score', async () => {
    const page = await newPageAt(browser, 1440);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(lms!.launchUrl({ id: 'flag-finder-1', name: 'Fiona Flags' }));
    const frame = course(page);
    await frame.getByRole('heading', { name: TITLE, level: 1 }).waitFor({ timeout: 30_000 });
    await frame.getByRole('heading', { name: 'Find the red flags' }).waitFor();
    // The illustration from inside the zip, loaded.
    expect(
      await frame
        .locator('img.vigil-illustration')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    const spot = (element: string) => frame.locator(`[data-element="${element}"]`);

    // A wrong click gives a hint; the five flags of the email, then the right decision.
    await spot('date').click();
    await frame.getByText('Not a red flag.').waitFor();
    for (const element of ['sender-address', 'reply-to', 'pressure', 'portal-link', 'attachment'])
      await spot(element).click();
    await expect.poll(() => frame.getByTestId('flag-count').textContent()).toBe('5 of 5 red flags found');
    await shoot(page, '99-self-contained-interactive-1440');
    await checkAccessibility(page, 'an interactive package in the LMS');
    await checkAccessibility(packageFrame(page), 'an interactive package scene at 1440 px');
    await frame.getByRole('button', { name: 'All red flags found — decide now' }).click();
    await frame.getByRole('button', { name: /Report it with the report button/ }).click();
    await frame.getByText('Good choice').waitFor();
    await frame.getByRole('button', { name: 'Next scene' }).click();

    // The first scene's result is in the LMS already: incomplete, its points counted.
    await expect
      .poll(() => (dataOf(lms!, 0) as Partial<Scorm12Data> | null)?.suspend_data ?? '', { timeout: 20_000 })
      .toContain('"scenes"');
    expect((dataOf(lms!, 0) as unknown as Scorm12Data).core.lesson_status).toBe('incomplete');

    // The browser scene: one flag of three, then the right decision, and the summary.
    await spot('address').click();
    await frame.getByRole('button', { name: /decide now/ }).click();
    await frame.getByRole('button', { name: /Close the page, enter nothing/ }).click();
    await frame.getByRole('button', { name: 'See what you found' }).click();
    await expect
      .poll(() => frame.getByTestId('interactive-score').textContent())
      .toBe('You found 6 of 8 red flags and made 2 of 2 decisions right.');
    // 6 flags + 2 decisions of 8 + 2: 80 %, the mastery score: passed, as soon as the last decision.
    await expect
      .poll(() => (dataOf(lms!, 0) as unknown as Scorm12Data | null)?.core?.lesson_status, {
        timeout: 20_000,
      })
      .toBe('passed');
    const data = dataOf(lms!, 0) as unknown as Scorm12Data;
    expect(data.core.score).toMatchObject({ raw: '80', min: '0', max: '100' });
    expect(data.core.exit).toBe('');
    expect(JSON.parse(data.suspend_data)).toMatchObject({ v: 1, done: [SUBJECT] });
    await checkAccessibility(packageFrame(page), 'an interactive package summary at 1440 px');

    await frame.getByRole('button', { name: 'Finish' }).click();
    await frame.getByRole('status').filter({ hasText: 'Your score: 80%' }).waitFor();
    await shoot(page, '99-self-contained-interactive-finished-1440');
    await page.goto('about:blank');
    await expect.poll(() => lms!.launches[0]!.finished, { timeout: 20_000 }).toBe(true);
    expect(lms!.launches[0]!.calls.every((c) => c.result !== 'false')).toBe(true);
    // Everything came from the LMS: not one request to our server.
    expect(requests.length).toBeGreaterThan(3);
    expect(requests.filter((u) => u.startsWith(baseUrl))).toEqual([]);
  });

  it('fits a phone: the scene at 390 px, found by tapping', async () => {
    const phone = await newPageAt(browser, 390);
    await phone.goto(lms!.launchUrl({ id: 'flag-finder-2', name: 'Pavel Phone' }));
    const frame = course(phone);
    await frame.getByRole('heading', { name: 'Find the red flags' }).waitFor({ timeout: 30_000 });
    await frame.locator('[data-element="sender-address"]').tap();
    await expect.poll(() => frame.getByTestId('flag-count').textContent()).toBe('1 of 5 red flags found');
    await shoot(phone, '99-self-contained-interactive-390');
    await checkAccessibility(phone, 'an interactive package in the LMS on a phone');
    await checkAccessibility(packageFrame(phone), 'an interactive package scene at 390 px');
  });
});
