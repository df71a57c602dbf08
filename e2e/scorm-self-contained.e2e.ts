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
