/**
 * The settings journey (issue 17): a new trial company is renamed, gets a logo and colours, sees them
 * on the dashboard, in the learner app on a phone and on a certificate; an admin is added and signs in
 * from the outbox. Every settings page passes axe at 1440 and 390 px. A company of its own keeps the
 * demo companies the other journeys use as they are.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, mailTo, renderPdf, sendNowProgram } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { makePng } from './png.ts';
import { signInFromOutbox } from './session.ts';
import { launchBrowser, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
const suffix = Date.now().toString(36);
const OWNER = `owner.${suffix}@northwind-settings.example`;
const COLLEAGUE = `casey.${suffix}@northwind-settings.example`;
const LEARNER = `lee.${suffix}@northwind-settings.example`;
const COMPANY = `Northwind Settings ${suffix}`;
const PURPLE = '#7048e8';
const ORANGE = '#f08c00';

/** A 640 × 264 PNG: an orange bar on purple; `noise` random bytes make it as large as needed. */
const logoPng = (noise = 0) =>
  makePng(
    640,
    264,
    (x, y) => (y > 100 && y < 164 && x > 80 && x < 560 ? [0xf0, 0x8c, 0x00] : [0x70, 0x48, 0xe8]),
    noise,
  );

/** expect.poll with time for a loaded machine: saves and mails go through a server and a job queue. */
const eventually = <T>(fn: () => T | Promise<T>, opts: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 15_000, ...opts });

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

/** Whether the image has loaded real pixels. */
const imageLoaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    .catch(() => false);

describe('settings journey', () => {
  let browser: Browser;
  let desktop: BrowserContext;
  let page: Page;
  let token: string;
  let companyId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const res = await fetch(`${baseUrl}/api/trial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ managerEmail: OWNER, recaptchaToken: '' }),
    });
    expect(res.status).toBe(200);
    desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await desktop.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInFromOutbox(
      page,
      baseUrl,
      OWNER,
      'Confirm your email to start your Vigil trial',
      'Confirm and sign in',
    );
    token = await page.evaluate(() => window.localStorage.getItem('token') ?? '');
    expect(token).not.toBe('');
    const companies = await api<Array<{ company_id: string }>>(
      baseUrl,
      token,
      'GET',
      '/companies/my_companies',
    );
    companyId = companies[0]!.company_id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renames the company, with the spec message for an empty name', async () => {
    await page.goto(`${baseUrl}/settings/company`);
    const name = page.getByTestId('company-name');
    await eventually(() => name.inputValue(), { timeout: 15_000 }).not.toBe('');
    await name.fill('');
    await page.getByTestId('company-save').click();
    await eventually(() => visible(page, 'You need to enter some information to save')).toBe(true);
    await name.fill(COMPANY);
    await page.getByTestId('company-save').click();
    await eventually(() => visible(page, 'Company settings saved')).toBe(true);
    await eventually(() => page.getByTestId('user-menu').textContent()).toContain(COMPANY);
    await shoot(page, '170-settings-company');
    await checkAccessibility(page, 'company settings');
  });

  it('uploads a logo (refusing a too large one) and picks colours with a live preview', async () => {
    await page.getByTestId('company-tab-appearance').click();
    await page.waitForURL(/\/settings\/company\/appearance/);
    await eventually(() => visible(page, 'No logo: your company name is shown instead.')).toBe(true);
    await checkAccessibility(page, 'appearance, no logo');
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: logoPng(90_000) });
    await expect
      .poll(() => page.getByTestId('logo-error').textContent())
      .toBe("'huge.png' is too large, please pick a smaller file");
    await input.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: logoPng() });
    await expect
      .poll(() => page.getByTestId('logo-error').textContent())
      .toBe("'image/gif' is not a supported format");
    await shoot(page, '171-settings-logo-refused');
    await input.setInputFiles({ name: 'northwind.png', mimeType: 'image/png', buffer: logoPng() });
    await expect
      .poll(() => imageLoaded(page, '[data-testid=logo-current] img'), { timeout: 15_000 })
      .toBe(true);

    await page.getByTestId('colour-primary').fill(PURPLE);
    await page.getByTestId('colour-secondary').fill(ORANGE);
    const previewHeader = page.getByTestId('brand-preview').locator('div').first();
    await expect
      .poll(() => previewHeader.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(112, 72, 232)');
    await page.getByTestId('colours-save').click();
    await eventually(() => visible(page, 'Colours saved')).toBe(true);
    await shoot(page, '172-settings-appearance');
    await checkAccessibility(page, 'appearance with logo and colours');
  });

  it('shows the logo and colour on the dashboard', async () => {
    await page.goto(`${baseUrl}/`);
    await eventually(() => imageLoaded(page, 'header img'), { timeout: 15_000 }).toBe(true);
    const src = await page.locator('header img').first().getAttribute('src');
    expect(src).toContain(`/api/companies/${companyId}/logo?v=`);
    // The theme's primary colour is the company's.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-6').trim(),
    );
    expect(primary.toLowerCase()).toBe(PURPLE);
    await shoot(page, '173-dashboard-branded');
  });

  it('puts the logo on the certificate', async () => {
    const res = await fetch(
      `${baseUrl}/api/companies/${companyId}/download/certificate/preview?token=${encodeURIComponent(token)}`,
    );
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.toString('latin1')).toMatch(/\/Width 640/);
    renderPdf(pdf, '174-certificate-branded');
  });

  it('shows the logo and colour in the learner app on a phone', async () => {
    const list = await api<{ id: string }>(baseUrl, token, 'POST', `/companies/${companyId}/lists`, {
      name: 'Settings learners',
    });
    await api(baseUrl, token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, {
      users: [{ email: LEARNER, name: 'Lee Learner' }],
    });
    const name = `Branded program ${suffix}`;
    await api(
      baseUrl,
      token,
      'POST',
      `/companies/${companyId}/automations`,
      sendNowProgram(name, ['spot-the-phish'], list.id),
    );
    const mail = await mailTo(baseUrl, LEARNER, `${name}: new lessons for you`);
    const link = mail.text.match(/https?:\/\/\S+#t=\S+/)![0];
    const phone = await (
      await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      })
    ).newPage();
    await phone.goto(link);
    await eventually(() => visible(phone, 'Hello, Lee Learner'), { timeout: 20_000 }).toBe(true);
    await eventually(() => imageLoaded(phone, 'img.brand-logo'), { timeout: 15_000 }).toBe(true);
    const accent = await phone.evaluate(() => {
      const themed = document.querySelector('[style*="--accent"]') as HTMLElement | null;
      return themed?.style.getPropertyValue('--accent') ?? '';
    });
    expect(accent.toLowerCase()).toBe(PURPLE);
    await shoot(phone, '175-learner-branded-phone');
    await phone.context().close();
  });

  it('adds an admin who signs in from the outbox', async () => {
    await page.goto(`${baseUrl}/settings/admins`);
    await eventually(() => page.getByTestId(`admin-row-${OWNER}`).count(), { timeout: 15_000 }).toBe(1);
    await checkAccessibility(page, 'admins');
    await page.getByTestId('admin-add').click();
    await page.getByTestId('admin-save').click();
    await eventually(() => visible(page, 'Please enter name of the admin')).toBe(true);
    await eventually(() => visible(page, 'Please enter a correct work email')).toBe(true);
    await checkAccessibility(page, 'the add-admin form with its messages');
    await page.getByTestId('admin-name').fill('Casey Colleague');
    await page.getByTestId('admin-email').fill(COLLEAGUE);
    await shoot(page, '176-settings-add-admin');
    await page.getByTestId('admin-save').click();
    await eventually(() => visible(page, COLLEAGUE), { timeout: 15_000 }).toBe(true);
    await shoot(page, '177-settings-admins');

    const colleague = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInFromOutbox(
      colleague,
      baseUrl,
      COLLEAGUE,
      `You have been added to ${COMPANY} on Vigil`,
      'Sign in',
    );
    await expect
      .poll(() => colleague.getByTestId('user-menu').textContent(), { timeout: 15_000 })
      .toContain(COMPANY);
    await colleague.goto(`${baseUrl}/settings/admins`);
    await eventually(() => colleague.getByTestId(`admin-row-${COLLEAGUE}`).count()).toBe(1);
    await shoot(colleague, '178-colleague-signed-in');
    await colleague.context().close();
  });

  it('keeps every settings page accessible on a phone', async () => {
    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    ).newPage();
    await phone.goto(`${baseUrl}/`);
    await phone.evaluate((t) => window.localStorage.setItem('token', t), token);
    for (const [path, shot] of [
      ['/settings', '179-phone-profile'],
      ['/settings/company', '180-phone-company'],
      ['/settings/company/appearance', '181-phone-appearance'],
      ['/settings/admins', '182-phone-admins'],
    ] as const) {
      await phone.goto(`${baseUrl}${path}`);
      await expect
        .poll(() => phone.getByRole('heading', { level: 1 }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await phone.waitForLoadState('networkidle');
      await eventually(() => phone.locator('[aria-label="Loading…"]').count(), { timeout: 15_000 }).toBe(0);
      await shoot(phone, shot);
      await checkAccessibility(phone, `${path} at 390 px`);
    }
    await phone.context().close();
  });

  it('turns user logging off only after a confirmation that says it is for good', async () => {
    await page.goto(`${baseUrl}/settings/company`);
    await page.getByTestId('company-logging-disable').click();
    await eventually(() => visible(page, /This is irreversible/)).toBe(true);
    await eventually(() => page.getByTestId('company-logging-confirm').isDisabled()).toBe(true);
    await shoot(page, '183-settings-logging-confirm');
    await checkAccessibility(page, 'the user-logging confirmation');
    await page.getByTestId('company-logging-understood').check();
    await page.getByTestId('company-logging-confirm').click();
    await eventually(() => page.getByTestId('company-logging-state').textContent()).toBe('Off');
    expect(await page.getByTestId('company-logging-disable').count()).toBe(0);
    await shoot(page, '184-settings-logging-off');
  });
});
