import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { answerOrder, type LearnerSubject } from '@vigil/shared';
import { api as callApi, mailTo as mailIn, managerToken as tokenOf, sendNowProgram } from './api.ts';
import { launchBrowser, shoot } from './browser.ts';
import { visible } from './learner.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const SUBJECT = 'spot-the-phish';
const THIRD = 'tess.third@harbor-logistics.example';
const MOST = 'max.most@harbor-logistics.example';

const api = <T>(token: string, method: string, url: string, body?: object) =>
  callApi<T>(baseUrl, token, method, url, body);

/** What the learner app does when an employee watches the lesson and answers: the first `right` correctly. */
async function takeLesson(link: string, trainingId: string, right: number) {
  const token = decodeURIComponent(link.match(/#t=([^&\s]+)/)![1]!);
  const learner = (method: string, url: string, body?: object) =>
    fetch(`${baseUrl}/api/learner${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const subject = (await (
    await learner('GET', `/trainings/${trainingId}/subjects/${SUBJECT}`)
  ).json()) as LearnerSubject;
  for (const code of [3, 7, 8, 9, 10, 11, 12])
    expect((await learner('POST', '/events', { trainingId, subjectId: SUBJECT, code })).status).toBe(200);
  for (let question = 0; question < subject.questions.length; question++) {
    const answer = answerOrder(SUBJECT, question).indexOf(question < right ? 0 : 1);
    expect(
      (await learner('POST', '/answers', { trainingId, subjectId: SUBJECT, question, answer })).status,
    ).toBe(200);
  }
  return subject.questions.length;
}

describe('completion, quiz score and the certificate pass mark', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const pageAt = async (width: number, height: number, mobile = false): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width, height },
      ...(mobile ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    return page;
  };

  it('shows completion and quiz score apart, and gives a certificate only at the pass mark', async () => {
    const token = await tokenOf(baseUrl, ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      token,
      'GET',
      '/companies/my_companies',
    );
    const companyId = companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
    const list = await api<{ id: string }>(token, 'POST', `/companies/${companyId}/lists`, {
      name: 'E2E pass mark',
    });
    await api(token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, {
      users: [
        { email: THIRD, name: 'Tess Third' },
        { email: MOST, name: 'Max Most' },
      ],
    });
    const name = `Pass mark check ${Date.now().toString(36)}`;
    const saved = await api<{ automation: { id: string } }>(
      token,
      'POST',
      `/companies/${companyId}/automations`,
      sendNowProgram(name, [SUBJECT], list.id),
    );
    const trainingId = saved.automation.id;
    const linkOf = async (to: string) =>
      (await mailIn(baseUrl, to, `${name}: new lessons for you`)).text.match(/https?:\/\/\S+#t=\S+/)![0];
    const thirdLink = await linkOf(THIRD);
    const questions = await takeLesson(thirdLink, trainingId, 1);
    await takeLesson(await linkOf(MOST), trainingId, questions);
    expect(questions).toBeGreaterThanOrEqual(3);
    const thirdScore = `${Math.round((1 / questions) * 100)}%`;

    // The manager's Employees tab: completion and quiz score in their own columns.
    const manager = await pageAt(1440, 900);
    await signInAs(manager, baseUrl, ADMIN, '/');
    await manager.goto(`${baseUrl}/trainings/${trainingId}/view`);
    await expect
      .poll(() => manager.getByRole('heading', { name }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => visible(manager, 'Quiz score'), { timeout: 20_000 }).toBe(true);
    await manager.getByRole('tab', { name: 'Employees' }).click();
    const table = manager.getByTestId('training-employees-table');
    await expect.poll(() => table.getByText('Tess Third').isVisible(), { timeout: 20_000 }).toBe(true);
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Completion', 'Quiz score']));
    expect(headers).not.toContain('Score');
    const tess = await table.locator('tbody tr', { hasText: 'Tess Third' }).locator('td').allTextContents();
    expect(tess[headers.indexOf('Completion')]).toBe('100%1/1');
    expect(tess[headers.indexOf('Quiz score')]).toBe(`${thirdScore}1/${questions}`);
    const max = await table.locator('tbody tr', { hasText: 'Max Most' }).locator('td').allTextContents();
    expect(max[headers.indexOf('Quiz score')]).toBe(`100%${questions}/${questions}`);
    await manager.waitForLoadState('networkidle');
    await shoot(manager, '90-employees-tab-completion-and-quiz-score');

    const phoneManager = await pageAt(390, 844, true);
    await signInAs(phoneManager, baseUrl, ADMIN, `/trainings/${trainingId}/view`);
    await expect.poll(() => visible(phoneManager, 'Quiz score'), { timeout: 20_000 }).toBe(true);
    await shoot(phoneManager, '91-training-figures-phone');

    // Tess finished every lesson, but one answer right (of at least three) earns no certificate.
    const phone = await pageAt(390, 844, true);
    await phone.goto(thirdLink);
    await expect.poll(() => visible(phone, 'Hello, Tess Third'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => visible(phone, `Quiz score: ${thirdScore} of your answers correct`)).toBe(true);
    expect(await visible(phone, 'A certificate needs a quiz score of 80% or more.')).toBe(true);
    expect(await phone.getByRole('button', { name: 'Download certificate' }).count()).toBe(0);
    await shoot(phone, '92-learner-below-pass-mark-phone');

    // An admin lowers the pass mark in the company settings; now she has passed.
    await manager.goto(`${baseUrl}/settings/company`);
    const passMark = manager.getByTestId('company-pass-mark');
    await expect.poll(() => passMark.inputValue(), { timeout: 20_000 }).toBe('80 %');
    await passMark.fill('20');
    await manager.getByTestId('company-save').click();
    await expect.poll(() => visible(manager, 'Company settings saved'), { timeout: 15_000 }).toBe(true);
    await shoot(manager, '93-company-settings');
    const phoneSettings = await pageAt(390, 844, true);
    await signInAs(phoneSettings, baseUrl, ADMIN, '/settings/company');
    await expect
      .poll(() => phoneSettings.getByTestId('company-pass-mark').inputValue(), { timeout: 20_000 })
      .toBe('20 %');
    await shoot(phoneSettings, '94-company-settings-phone');

    await phone.reload();
    await expect
      .poll(() => phone.getByRole('button', { name: 'Download certificate' }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await visible(phone, 'A certificate needs a quiz score')).toBe(false);
    await shoot(phone, '95-learner-certificate-phone');

    // Back to the default for the other journeys on this server.
    await api(token, 'PUT', `/companies/${companyId}`, { passMark: 80 });
  });
});
