import { readFile } from 'node:fs/promises';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, newPageAt, shoot, shows } from './browser.ts';
import { signInAs } from './session.ts';
import { startTestLms, type TestLms } from './test-lms.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const SUPER_ADMIN = 'riley.quinn@vigil.example';
const LEARNER = { id: 'lms-learner-7', name: 'Lee Learner' };
const ANSWERS = [
  'A long passphrase of four unrelated words',
  'In the company password manager',
  'Deny it and report it to IT',
  'Refuse and ask IT to give them access',
];

/** The LMS page's package frame, and in it the Vigil lesson the dispatch package frames. */
const vigilFrame = (lms: Page): FrameLocator =>
  lms.frameLocator('iframe[title="Course"]').frameLocator('#vigil-frame');

/**
 * Issue 23: a SCORM training made in the wizard, downloaded as SCORM 1.2 and run by an independent
 * SCORM run-time (scorm-again in the test LMS page): the LMS records status, score and suspend data,
 * a relaunch resumes, and the learner's result shows in the program's report.
 */
describe('a SCORM training run in a learning platform', () => {
  let browser: Browser;
  let page: Page;
  let lms: TestLms | undefined;
  let rootToken = '';
  let harborId = '';
  const name = `LMS course ${Date.now().toString(36)}`;

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
    page = await newPageAt(browser, 1440);
  });

  afterAll(async () => {
    if (rootToken && harborId)
      await api(baseUrl, rootToken, 'PUT', `/companies/${harborId}/features`, { cmi5Enabled: false });
    await lms?.close();
    await browser?.close();
  });

  it('creates the SCORM training in its shorter wizard and downloads its SCORM 1.2 package', async () => {
    await signInAs(page, baseUrl, ADMIN, '/trainings/create_scorm');
    const stepper = page.getByTestId('wizard-stepper');
    await expect
      .poll(() => stepper.getByText('Review Subjects').first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    // SCORM trainings skip Employees, Schedule, Reminders and Intro Message (spec 2 §2).
    expect(await stepper.getByText('Select Employees').count()).toBe(0);
    expect(await stepper.getByText('Schedule', { exact: true }).count()).toBe(0);

    await page.getByText('Start from scratch', { exact: true }).first().click();
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    await next.click();
    await page.getByRole('button', { name: 'Add subjects' }).first().click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Search subjects').fill('Password habits');
    await modal.getByText('Password habits check', { exact: true }).first().click();
    await modal.getByRole('button', { name: /Add selected/ }).click();
    await next.click();

    await page.getByLabel('Program name').fill(name);
    await page.getByLabel('Program name').blur();
    const choice = page.getByTestId('package-choice');
    await choice.getByLabel('Format').click();
    await page.getByRole('option', { name: 'SCORM 1.2' }).click();
    await shoot(page, '90-scorm-wizard-summary-1440');
    await checkAccessibility(page, 'the SCORM wizard summary');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await shows(page, 'The package will be ready to download');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download SCORM 1.2' }).click();
    const zip = await readFile((await (await download).path())!);
    await shoot(page, '91-scorm-wizard-started-1440');
    lms = await startTestLms(zip);
    expect(lms.version).toBe('1.2');
  });

  it('runs in the test LMS: status, score and suspend data recorded, a relaunch resumes, the report shows it', async () => {
    if (!lms) throw new Error('no package');
    const learner = await newPageAt(browser, 1440);
    await learner.goto(lms.launchUrl(LEARNER));
    const lesson = vigilFrame(learner);
    await lesson.getByText('Password habits check').first().click({ timeout: 30_000 });
    const quiz = lesson.frameLocator('iframe');
    await quiz.getByRole('heading', { name: 'Password habits check' }).waitFor({ timeout: 20_000 });
    for (const answer of ANSWERS) await quiz.getByLabel(answer).check();
    await quiz.getByRole('button', { name: 'Check my answers' }).click();
    await expect
      .poll(() => (lms!.launches[0]?.cmi?.core as { lesson_status?: string } | undefined)?.lesson_status, {
        timeout: 30_000,
      })
      .toBe('passed');
    await shoot(learner, '92-scorm-test-lms-passed-1440');
    type Committed = { core: { score: { raw: string } }; suspend_data: string };
    // The program's one subject is a SCORM quiz of the content pack: what its own run-time committed
    // (100 of 0–100, every answer right) is the program's score, and the package reports it to the LMS.
    await expect
      .poll(() => (lms!.launches[0]?.cmi as Committed | undefined)?.core.score.raw, { timeout: 30_000 })
      .toBe('100');
    const first = lms.launches[0]!.cmi as Committed;
    // The learner's progress is kept by Vigil (a dispatch package); what the launch page keeps in the
    // LMS's suspend data is handed back on a relaunch, as checked below.
    const sets = lms.launches[0]!.calls.filter((c) => c.fn === 'LMSSetValue').map((c) => c.args[0]);
    expect(sets).toEqual(expect.arrayContaining(['cmi.core.lesson_status', 'cmi.suspend_data']));
    expect(sets).toContain('cmi.core.score.raw');
    expect(lms.launches[0]!.calls.every((c) => c.result !== 'false')).toBe(true);

    // A relaunch: the LMS hands back the suspend data, and the package reads it to resume.
    await learner.goto(lms.launchUrl(LEARNER));
    await expect
      .poll(
        () => lms!.launches[1]?.calls.some((c) => c.fn === 'LMSGetValue' && c.args[0] === 'cmi.suspend_data'),
        { timeout: 30_000 },
      )
      .toBe(true);
    const read = lms.launches[1]!.calls.find(
      (c) => c.fn === 'LMSGetValue' && c.args[0] === 'cmi.suspend_data',
    )!;
    expect(read.result).toBe(first.suspend_data);
    await expect
      .poll(() => (lms!.launches[1]?.cmi?.core as { lesson_status?: string } | undefined)?.lesson_status, {
        timeout: 30_000,
      })
      .toBe('passed');

    // The program's report in Vigil counts the LMS learner.
    await page.goto(`${baseUrl}/trainings`);
    const table = page.getByTestId('scorm-trainings');
    await expect.poll(() => table.getByText(name).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await table.getByText(name).first().click();
    const employeesTab = page.getByRole('tab', { name: 'Employees' });
    await expect.poll(() => employeesTab.isVisible(), { timeout: 20_000 }).toBe(true);
    await employeesTab.click();
    await shows(page, 'Lee Learner');
    await shoot(page, '93-scorm-training-report-1440');
    await checkAccessibility(page, 'a SCORM training report');

    await page.goto(`${baseUrl}/cmi5`);
    await shows(page, 'No cmi5 packages yet.');
    await shoot(page, '95-cmi5-admin-1440');
    await checkAccessibility(page, 'the cmi5 admin');

    const phone = await newPageAt(browser, 390);
    await signInAs(phone, baseUrl, ADMIN, '/trainings');
    await expect.poll(() => phone.getByTestId('scorm-trainings').isVisible(), { timeout: 20_000 }).toBe(true);
    await shoot(phone, '94-scorm-trainings-390');
    await checkAccessibility(phone, 'the SCORM table on a phone');
    await phone.goto(`${baseUrl}/cmi5`);
    await shows(phone, 'cmi5 packages');
    // The empty table's text is whole on the phone's screen, not cut by the table's sideways scroll.
    const empty = phone.getByText('No cmi5 packages yet.', { exact: false });
    await empty.waitFor();
    const box = (await empty.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await shoot(phone, '95-cmi5-admin-390');
    await checkAccessibility(phone, 'the cmi5 admin on a phone');
  });
});
