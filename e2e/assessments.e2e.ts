import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  actionPoints,
  roundScore,
  scoreEmployee,
  sumPoints,
  type AssessmentChoice,
  type ThreatArea,
} from '@vigil/shared';
import { api, mailTo, managerToken } from './api.ts';
import { launchBrowser, shoot } from './browser.ts';
import { takeAssessment, visible } from './learner.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const QUINN = { email: 'casey.quinn@harbor-logistics.example', name: 'Casey Quinn' };
const LANE = { email: 'harper.lane@harbor-logistics.example', name: 'Harper Lane' };
const HR_EMAIL = `awareness.${Date.now().toString(36)}@harbor-logistics.example`;
const content = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'content');

/**
 * The numbers the journey must show, computed independently of the server from the content pack:
 * one employee always takes the first answer (and Yes), the other the last one (and No).
 */
function expectedScores(questionIds: string[], pick: 'first' | 'last') {
  const areas = [
    'data-protection',
    'email-phishing',
    'incident-response',
    'passwords-and-access',
    'physical-security',
    'remote-work',
    'safe-internet',
    'social-engineering',
  ].map(
    (id) => JSON.parse(readFileSync(path.join(content, 'threat-areas', `${id}.json`), 'utf8')) as ThreatArea,
  );
  const questions = areas.flatMap((a) => a.questions.map((q) => ({ ...q, areaId: a.id })));
  const chosen = questionIds.map((id) => questions.find((q) => q.id === id)!);
  const points = new Map(
    chosen.map((q) => [
      q.id,
      sumPoints(
        q.blocks.flatMap((b) => {
          let choice: AssessmentChoice | null = null;
          if (b.type === 'multiple-choice') choice = { option: pick === 'first' ? 0 : b.options.length - 1 };
          if (b.type === 'yes-no-list') choice = { items: b.items.map(() => pick === 'first') };
          return choice ? [actionPoints(b, choice)] : [];
        }),
      ),
    ]),
  );
  const areaOf = new Map(areas.flatMap((a) => a.behaviours.map((b) => [b.code, a.id] as const)));
  const scores = scoreEmployee(
    chosen.map((q) => ({ id: q.id, areaId: q.areaId, behaviours: q.behaviours })),
    points,
    (code) => areaOf.get(code),
  );
  const actions = chosen.flatMap((q) => q.blocks.filter((b) => 'actionId' in b)).length;
  return { ...scores, actions };
}

describe('assessment journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates and starts an assessment, two employees take it, the manager sees their numbers', async () => {
    const token = await managerToken(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      token,
      'GET',
      '/companies/my_companies',
    );
    const companyId = companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
    const listName = `Assessment pilot ${Date.now().toString(36)}`;
    const list = await api<{ id: string }>(baseUrl, token, 'POST', `/companies/${companyId}/lists`, {
      name: listName,
    });
    await api(baseUrl, token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, {
      users: [QUINN, LANE],
    });

    // The manager goes through the wizard in the browser.
    const manager = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    manager.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(manager, baseUrl, ADMIN, '/assessment/create');
    await expect.poll(() => visible(manager, 'Quick pulse check'), { timeout: 20_000 }).toBe(true);
    // Every step is named, as spec 2 §2 names and orders them.
    const stepper = manager.getByTestId('wizard-stepper');
    for (const step of [
      'Choose template',
      'Review Questions',
      'Personalize',
      'Select Employees',
      'Schedule',
      'Reminders',
      'Summary',
      'Start',
    ])
      expect(await stepper.getByText(step, { exact: true }).isVisible(), step).toBe(true);
    await manager.getByText('Quick pulse check', { exact: true }).first().click();
    await shoot(manager, '70-assessment-wizard-template');
    const next = manager.getByRole('button', { name: 'Continue', exact: true });
    await next.click();

    // The template's own questions: coverage figures, no "not covered" warnings.
    await expect.poll(() => visible(manager, 'Key behaviour coverage')).toBe(true);
    expect(await manager.getByText('This key behaviour is not covered.', { exact: false }).count()).toBe(0);
    await shoot(manager, '71-assessment-wizard-questions');
    await next.click();

    // Personalize starts from the company's values (its name and domain); the HR address is changed.
    await expect.poll(() => manager.getByLabel('Company name').inputValue()).toBe('Harbor Logistics');
    expect(await manager.getByLabel('Your Company domain').inputValue()).toBe('harbor-logistics.example');
    await manager.getByLabel('HR department email').fill(HR_EMAIL);
    await shoot(manager, '72-assessment-wizard-personalize');
    await next.click();

    await manager
      .getByRole('row', { name: new RegExp(listName) })
      .getByRole('checkbox')
      .check();
    await expect.poll(() => visible(manager, /Employees selected: 2/)).toBe(true);
    await next.click();

    await manager.getByText('Now', { exact: true }).first().click();
    await shoot(manager, '73-assessment-wizard-schedule');
    await next.click();
    await next.click(); // reminders: none
    await expect.poll(() => visible(manager, 'Check everything before you start the assessment.')).toBe(true);
    await shoot(manager, '74-assessment-wizard-summary');

    expect(await visible(manager, 'Give the assessment a name before starting it.')).toBe(true);
    await manager.getByRole('button', { name: 'Create', exact: true }).click();
    const name = `Pulse check ${Date.now().toString(36)}`;
    const naming = manager.getByRole('dialog');
    await expect.poll(() => naming.getByText('Name your assessment').isVisible()).toBe(true);
    await naming.getByRole('textbox').fill(name);
    await naming
      .getByRole('button')
      .filter({ hasText: /Create|Save|Continue|Start/ })
      .last()
      .click();
    // Sent now: the go-ahead names how many employees get it at once.
    const confirm = manager.getByRole('dialog', { name: 'Send the assessment now?' });
    await expect
      .poll(() => confirm.getByText(`“${name}” will be sent to 2 employees right away.`).isVisible())
      .toBe(true);
    await shoot(manager, '74b-assessment-send-now-confirm');
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => visible(manager, /has successfully started/), { timeout: 20_000 }).toBe(true);
    const wizard = manager.getByTestId('assessment-wizard');
    expect(await wizard.getByText(/^(Scheduled|Active)$/).count()).toBe(0);
    await shoot(manager, '75-assessment-started');

    // The personalize values are remembered for the company's next assessment, in any browser.
    const other = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAs(other, baseUrl, ADMIN, '/assessment/create');
    await expect.poll(() => visible(other, 'Quick pulse check'), { timeout: 20_000 }).toBe(true);
    await other.getByText('Quick pulse check', { exact: true }).first().click();
    await other.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => visible(other, 'Key behaviour coverage')).toBe(true);
    await other.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => other.getByLabel('HR department email').inputValue()).toBe(HR_EMAIL);
    await shoot(other, '75b-assessment-personalize-remembered');
    await other.context().close();

    const listed = await api<{ rows: Array<{ id: string; name: string; questionsCount: number }> }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/assessments?q=${encodeURIComponent(name)}`,
    );
    const assessmentId = listed.rows.find((r) => r.name === name)!.id;
    const view = await api<{ questions: Array<{ id: string }> }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/assessments/${assessmentId}`,
    );
    const questionIds = view.questions.map((q) => q.id);

    // Both employees get their invitation and take it on a phone, answering differently.
    for (const [who, pick, prefix] of [
      [QUINN, 'first', '76-quinn'],
      [LANE, 'last', '77-lane'],
    ] as const) {
      const mail = await mailTo(baseUrl, who.email, new RegExp(name));
      const link = mail.text.match(/https?:\/\/\S+#t=\S+/)![0];
      const phone = await (
        await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
      ).newPage();
      phone.on('pageerror', (err) => console.error('learner page error:', err.message));
      await phone.goto(link);
      await expect.poll(() => visible(phone, name), { timeout: 20_000 }).toBe(true);
      await takeAssessment(phone, pick, prefix);
      const shown = expectedScores(questionIds, pick);
      await expect.poll(() => visible(phone, String(roundScore(shown.resilience!)))).toBe(true);
      await phone.context().close();
    }

    const quinn = expectedScores(questionIds, 'first');
    const lane = expectedScores(questionIds, 'last');
    expect(roundScore(quinn.resilience!)).not.toBe(roundScore(lane.resilience!));
    const average = roundScore((quinn.resilience! + lane.resilience!) / 2);

    // The manager's overview shows the average of the two finished employees.
    await manager.goto(`${baseUrl}/assessment/${assessmentId}/view`);
    await expect
      .poll(() => manager.getByRole('heading', { name }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => visible(manager, `${average}%`), { timeout: 20_000 }).toBe(true);
    await manager.waitForLoadState('networkidle');
    await shoot(manager, '78-assessment-overview');
    const overview = await api<{ resilienceScore: number; usersFinished: number }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/assessments/${assessmentId}/overview`,
    );
    expect(overview).toMatchObject({ resilienceScore: average, usersFinished: 2 });

    // The threat-area page of phishing: the two employees' area scores, averaged.
    const phishingAverage = roundScore(
      ((quinn.areas['email-phishing'] ?? 0) + (lane.areas['email-phishing'] ?? 0)) / 2,
    );
    await manager.goto(`${baseUrl}/assessment/${assessmentId}/view/threatAreas/email-phishing`);
    await expect.poll(() => visible(manager, `${phishingAverage}%`), { timeout: 20_000 }).toBe(true);
    await manager.waitForLoadState('networkidle');
    await shoot(manager, '79-assessment-threat-area');

    // The CSVs, downloaded with the token in the query as the app's links do.
    const csv = async (file: string) => {
      const res = await fetch(
        `${baseUrl}/api/companies/${companyId}/assessments/${assessmentId}/${file}?csv=1&token=${token}`,
      );
      expect(res.status).toBe(200);
      return (await res.text()).replace(/^\uFEFF/, '');
    };
    const users = await csv('users');
    const line = (email: string) => users.split('\n').find((l) => l.includes(email)) ?? '';
    expect(line(QUINN.email)).toContain(String(roundScore(quinn.resilience!)));
    expect(line(LANE.email)).toContain(String(roundScore(lane.resilience!)));
    const answers = (await csv('answers')).trim().split('\n');
    // One row per answered action (the header aside): every action of every question, for both.
    expect(answers.length - 1).toBe(quinn.actions * 2);
    expect(answers.filter((l) => l.includes(QUINN.email))).toHaveLength(quinn.actions);
    const lists = await csv('lists');
    expect(lists).toContain(listName);
  });
});
