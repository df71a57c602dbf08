import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { answerOrder } from '@vigil/shared';
import {
  api as callApi,
  mailTo as mailIn,
  managerToken as tokenOf,
  renderPdf,
  sendNowProgram,
} from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, shoot } from './browser.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const managerToken = (email: string) => tokenOf(baseUrl, email);
const api = <T>(token: string, method: string, url: string, body?: object) =>
  callApi<T>(baseUrl, token, method, url, body);
const mailTo = (to: string, subject: string) => mailIn(baseUrl, to, subject);
const ADMIN = 'alex.morgan@harbor-logistics.example';
const LEARNER = 'robin.learner@harbor-logistics.example';

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

describe('delivery and learning journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a program now, the employee takes it on a phone, the manager sees the numbers and the reports', async () => {
    const token = await managerToken(ADMIN);
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      token,
      'GET',
      '/companies/my_companies',
    );
    const harbor = companies.find((c) => c.company_name.startsWith('Harbor'))!;
    const company = { id: harbor.company_id };
    const list = await api<{ id: string }>(token, 'POST', `/companies/${company.id}/lists`, {
      name: 'E2E learners',
    });
    await api(token, 'POST', `/companies/${company.id}/lists/${list.id}/users`, {
      users: [{ email: LEARNER, name: 'Robin Learner' }],
    });
    const name = `Send-now check ${Date.now().toString(36)}`;
    const saved = await api<{ automation: { id: string } }>(
      token,
      'POST',
      `/companies/${company.id}/automations`,
      sendNowProgram(name, ['spot-the-phish'], list.id, '<p>Five minutes that keep the attackers out.</p>'),
    );
    const trainingId = saved.automation.id;

    // The mail arrives in the development mailbox.
    const mail = await mailTo(LEARNER, `${name}: new lessons for you`);
    const link = mail.text.match(/https?:\/\/\S+#t=\S+/)![0];
    const manager = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    manager.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(manager, baseUrl, ADMIN, '/');
    await manager.goto(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(LEARNER)}`);
    await manager.getByText(`${name}: new lessons for you`).first().click();
    await expect
      .poll(() => visible(manager, 'New lessons are ready for you'), { timeout: 15_000 })
      .toBe(true);
    await shoot(manager, '60-training-mail-in-mailbox');

    // The employee opens it on a phone.
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    const phone = await phoneContext.newPage();
    phone.on('pageerror', (err) => console.error('learner page error:', err.message));
    await phone.goto(link);
    await expect.poll(() => visible(phone, 'Hello, Robin Learner'), { timeout: 20_000 }).toBe(true);
    expect(phone.url()).not.toContain('#t=');
    await expect.poll(() => visible(phone, 'Spot the phish')).toBe(true);
    await shoot(phone, '61-learner-home-phone');
    await checkAccessibility(phone, 'the learner home on a phone');

    await phone.getByText('Spot the phish').first().click();
    await expect.poll(() => phone.locator('video').count(), { timeout: 15_000 }).toBe(1);
    await shoot(phone, '62-learner-video-phone');
    // Watch it (muted, at 16× so that the journey stays short): only continuous playback counts.
    await phone.evaluate(async () => {
      const video = document.querySelector('video')!;
      video.muted = true;
      video.playbackRate = 16;
      await video.play();
    });
    await expect.poll(() => visible(phone, 'Question 1 of'), { timeout: 60_000 }).toBe(true);
    await shoot(phone, '63-learner-quiz-phone');
    await checkAccessibility(phone, 'a lesson quiz on a phone');
    // Every answer right (the server shuffles the answers in a fixed order): the certificate needs the pass mark.
    for (let i = 0; i < 10; i++) {
      if (await visible(phone, /You answered \d+ of \d+ questions correctly/)) break;
      const quiz = phone.locator('section', { hasText: 'Question' }).last();
      await quiz.getByRole('button').nth(answerOrder('spot-the-phish', i).indexOf(0)).click();
      const next = phone.getByRole('button', { name: /Next question|See my result/ });
      await expect.poll(() => next.isVisible(), { timeout: 10_000 }).toBe(true);
      await next.click();
    }
    await expect.poll(() => visible(phone, /You answered \d+ of \d+ questions correctly/)).toBe(true);
    await shoot(phone, '64-learner-quiz-result-phone');
    await checkAccessibility(phone, 'a quiz result on a phone');

    await phone.getByRole('link', { name: 'Back to my training' }).first().click();
    await expect.poll(() => visible(phone, '1 of 1 lessons finished'), { timeout: 15_000 }).toBe(true);
    await shoot(phone, '65-learner-finished-phone');
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      phone.getByRole('button', { name: 'Download certificate' }).click(),
    ]);
    const certificate = await download.path();
    const { readFileSync } = await import('node:fs');
    renderPdf(readFileSync(certificate!), '66-certificate');

    // The manager sees the program's numbers change.
    await manager.goto(`${baseUrl}/trainings/${trainingId}/view`);
    await expect
      .poll(() => manager.getByRole('heading', { name }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => visible(manager, '100%'), { timeout: 20_000 }).toBe(true);
    await manager.waitForLoadState('networkidle');
    await shoot(manager, '67-training-detail-numbers');

    // The report PDF, downloaded with the token in the query as the app's link does.
    const report = await fetch(
      `${baseUrl}/api/companies/${company.id}/trainings/${trainingId}/report?token=${token}`,
    );
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('application/pdf');
    renderPdf(Buffer.from(await report.arrayBuffer()), '68-training-report');
    const csv = await (
      await fetch(
        `${baseUrl}/api/companies/${company.id}/trainings/${trainingId}/users_report/csv?token=${token}`,
      )
    ).text();
    expect(csv).toContain(LEARNER);
  });
});
