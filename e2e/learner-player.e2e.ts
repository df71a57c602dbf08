import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, mailTo, managerToken, sendNowProgram } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { visible } from './learner.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const LEARNER = 'sam.player@harbor-logistics.example';

/** The learner app's SCORM and decision lessons, which the shared player loads only when opened. */
describe('the learner takes a SCORM course and a decision scenario', () => {
  let browser: Browser;
  let page: Page;
  const events: number[] = [];

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
      name: 'E2E player',
    });
    await api(baseUrl, token, 'POST', `/companies/${company}/lists/${list.id}/users`, {
      users: [{ email: LEARNER, name: 'Sam Player' }],
    });
    const name = `Player check ${Date.now().toString(36)}`;
    await api(
      baseUrl,
      token,
      'POST',
      `/companies/${company}/automations`,
      sendNowProgram(name, ['password-habits-check', 'decision-lost-laptop'], list.id),
    );
    const mail = await mailTo(baseUrl, LEARNER, `${name}: new lessons for you`);
    const link = mail.text.match(/https?:\/\/\S+#t=\S+/)![0];
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('learner page error:', err.message));
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/events'))
        events.push((JSON.parse(r.postData() ?? '{}') as { code: number }).code);
    });
    await page.goto(link);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('runs the SCORM package with the run-time loaded on demand, and its pass finishes the lesson', async () => {
    await expect.poll(() => visible(page, 'Hello, Sam Player'), { timeout: 20_000 }).toBe(true);
    const scormChunk = page.waitForResponse((r) => /scorm12\.min-[\w-]+\.js$/.test(r.url()));
    await page.getByText('Password habits check').first().click();
    await scormChunk;
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Password habits check' }).waitFor({ timeout: 15_000 });
    await checkAccessibility(page, 'a SCORM lesson');
    for (const answer of [
      'A long passphrase of four unrelated words',
      'In the company password manager',
      'Deny it and report it to IT',
      'Refuse and ask IT to give them access',
    ]) {
      await frame.getByLabel(answer).check();
    }
    await frame.getByRole('button', { name: 'Check my answers' }).click();
    await expect.poll(() => visible(page, 'Marked as finished.'), { timeout: 15_000 }).toBe(true);
    await shoot(page, '70-learner-scorm-passed');
    // Opened (3), then finished (12) when the package passed.
    expect(events).toContain(3);
    expect(events).toContain(12);
    await page.getByRole('link', { name: 'Back to my training' }).first().click();
    await expect.poll(() => visible(page, '1 of 2 lessons finished'), { timeout: 15_000 }).toBe(true);
  });

  it('plays the decision scenario to its end, each decision reported', async () => {
    events.length = 0;
    await page.getByText('The laptop stolen from the café').first().click();
    await page.getByRole('heading', { name: 'What would you do?' }).waitFor({ timeout: 15_000 });
    await checkAccessibility(page, 'a decision scenario in the learner app');
    for (let step = 0; step < 12; step++) {
      if (await visible(page, 'You have reached the end of the scenario.')) break;
      const scenario = page.locator('section.scenario');
      await scenario.getByRole('group').getByRole('button').first().click();
      if (step === 0) await shoot(page, '71-learner-decision-feedback');
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await expect.poll(() => visible(page, 'You have reached the end of the scenario.')).toBe(true);
    await shoot(page, '72-learner-decision-end');
    // A decision (16) at every step and the last decision (17) at the end.
    await expect.poll(() => events.filter((c) => c === 17).length, { timeout: 10_000 }).toBe(1);
    expect(events.filter((c) => c === 16).length).toBeGreaterThanOrEqual(1);
  });
});
