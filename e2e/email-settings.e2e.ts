/**
 * The email settings journey (issue 17): a new trial company with a logo and a colour edits its
 * Trainings footer, watches the live preview follow, saves, and finds the footer, with the employee's
 * name filled in, in the company's colour and logo, in the next training mail in /dev/mailbox. The page
 * passes axe at 1440 and 390 px. A company of its own keeps the demo companies as they are.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, mailTo, sendNowProgram } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { makePng } from './png.ts';
import { signInFromOutbox } from './session.ts';
import { launchBrowser, screenshotDir, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
const suffix = Date.now().toString(36);
const OWNER = `owner.${suffix}@mailtexts.example`;
const LEARNER = `lena.${suffix}@mailtexts.example`;
const TEAL = '#0c8599';
const FOOTER = 'See you soon, {{employee_name}}. **{{company}}** security team';

const eventually = <T>(fn: () => T | Promise<T>, opts: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 15_000, ...opts });

/** A real 320 × 132 PNG in white and teal. */
const logoPng = () => makePng(320, 132, (_x, y) => (y > 40 && y < 92 ? [255, 255, 255] : [12, 133, 153]));

describe('email settings journey', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let companyId: string;
  let companyName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const res = await fetch(`${baseUrl}/api/trial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ managerEmail: OWNER, recaptchaToken: '' }),
    });
    expect(res.status).toBe(200);
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInFromOutbox(
      page,
      baseUrl,
      OWNER,
      'Confirm your email to start your Vigil trial',
      'Confirm and sign in',
    );
    token = await page.evaluate(() => window.localStorage.getItem('token') ?? '');
    const companies = await api<Array<{ company_id: string; company_name: string }>>(
      baseUrl,
      token,
      'GET',
      '/companies/my_companies',
    );
    companyId = companies[0]!.company_id;
    companyName = companies[0]!.company_name;
    await api(baseUrl, token, 'PUT', `/companies/${companyId}`, { primaryColor: TEAL });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(logoPng())], { type: 'image/png' }), 'logo.png');
    const logo = await fetch(`${baseUrl}/api/companies/${companyId}/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(logo.status, await logo.text()).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('edits the Trainings footer with the preview following, refusing an unknown variable next to the field', async () => {
    await page.goto(`${baseUrl}/settings/email`);
    const footer = page.getByTestId('email-text-trainingFooter');
    await footer.waitFor({ timeout: 20_000 });
    const preview = page.frameLocator('[data-testid=email-preview-frame]');
    // The default footer, in the company's language, before anything is written.
    await eventually(() => preview.locator('body').textContent(), { timeout: 20_000 }).toContain(
      `Thank you for helping keep ${companyName} safe.`,
    );
    await eventually(() => page.getByTestId('email-variables').textContent()).toContain('{{employee_name}}');

    await footer.fill('Hello {{first_name}}');
    await eventually(() =>
      page
        .getByText('Use only the listed variables: employee_name, company, program and due_date')
        .isVisible(),
    ).toBe(true);
    await shoot(page, '190-email-settings-invalid');

    await footer.fill(FOOTER);
    await eventually(() => preview.locator('body').textContent()).toContain(
      `See you soon, Alex Example. ${companyName} security team`,
    );
    // The preview is the company's mail: its colour in the header, its logo.
    const headerColour = await preview
      .locator('td:has(> img)')
      .first()
      .evaluate((td) => getComputedStyle(td).backgroundColor);
    expect(headerColour).toBe('rgb(12, 133, 153)');
    expect(await preview.locator('img').first().getAttribute('src')).toContain(
      `/api/companies/${companyId}/logo?v=`,
    );
    await shoot(page, '191-email-settings-preview');
    await checkAccessibility(page, 'email settings, trainings tab');

    await page.getByTestId('email-save').click();
    await eventually(() => page.getByText('Email settings saved').first().isVisible()).toBe(true);
    const saved = await api<{ texts: { trainingFooter: string } }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/email_settings`,
    );
    expect(saved.texts.trainingFooter).toBe(FOOTER);
  });

  it('shows the other tabs; restore default empties a text', async () => {
    await page.getByTestId('email-tab-reminders').click();
    await page.getByTestId('email-text-reminderFooter').fill('Almost there, {{employee_name}}!');
    await eventually(() =>
      page.frameLocator('[data-testid=email-preview-frame]').locator('body').textContent(),
    ).toContain('Almost there, Alex Example!');
    await page.getByTestId('email-restore-reminderFooter').click();
    expect(await page.getByTestId('email-text-reminderFooter').inputValue()).toBe('');
    await page.getByTestId('email-tab-certificates').click();
    await eventually(() => page.getByTestId('email-certificate-preview').isVisible()).toBe(true);
    await shoot(page, '192-email-settings-certificates');
    await checkAccessibility(page, 'email settings, certificates tab');
    await page.getByTestId('email-tab-assessments').click();
    await eventually(() =>
      page.frameLocator('[data-testid=email-preview-frame]').locator('body').textContent(),
    ).toContain('Human risk assessment');
  });

  it('puts the saved footer, the colour and the logo in the next training mail in /dev/mailbox', async () => {
    const list = await api<{ id: string }>(baseUrl, token, 'POST', `/companies/${companyId}/lists`, {
      name: 'Mail text learners',
    });
    await api(baseUrl, token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, {
      users: [{ email: LEARNER, name: 'Lena Learner' }],
    });
    const program = `Footer program ${suffix}`;
    await api(
      baseUrl,
      token,
      'POST',
      `/companies/${companyId}/automations`,
      sendNowProgram(program, ['spot-the-phish'], list.id),
    );
    const subject = `${program}: new lessons for you`;
    const mail = await mailTo(baseUrl, LEARNER, subject);
    expect(mail.text).toContain(`See you soon, Lena Learner. ${companyName} security team`);

    await page.goto(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(LEARNER)}`);
    await page.getByRole('link', { name: subject }).first().click();
    const shown = page.frameLocator('iframe');
    await eventually(() => shown.locator('body').textContent()).toContain(
      `See you soon, Lena Learner. ${companyName} security team`,
    );
    const logo = shown.locator('img').first();
    expect(await logo.getAttribute('src')).toContain(`/api/companies/${companyId}/logo?v=`);
    await eventually(() =>
      logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    const headerColour = await shown
      .locator('td:has(> img)')
      .first()
      .evaluate((td) => getComputedStyle(td).backgroundColor);
    expect(headerColour).toBe('rgb(12, 133, 153)');
    await shoot(page, '193-email-settings-mail-in-mailbox');
  });

  it('keeps the page usable and accessible on a phone', async () => {
    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    ).newPage();
    await phone.goto(`${baseUrl}/`);
    await phone.evaluate((t) => window.localStorage.setItem('token', t), token);
    await phone.goto(`${baseUrl}/settings/email`);
    await phone.getByTestId('email-text-trainingFooter').waitFor({ timeout: 20_000 });
    expect(await phone.getByTestId('email-text-trainingFooter').inputValue()).toBe(FOOTER);
    await eventually(() =>
      phone.frameLocator('[data-testid=email-preview-frame]').locator('body').textContent(),
    ).toContain('See you soon, Alex Example.');
    await shoot(phone, '194-email-settings-phone');
    // The preview itself, scrolled to, as a phone shows it.
    await phone.getByTestId('email-preview-frame').scrollIntoViewIfNeeded();
    // An offscreen frame of another origin (a sandboxed one is) is painted only once on screen.
    await phone.waitForTimeout(800);
    await phone.screenshot({ path: `${screenshotDir}/195-email-settings-phone-preview.png` });
    await checkAccessibility(phone, '/settings/email at 390 px');
    await phone.context().close();
  });
});
