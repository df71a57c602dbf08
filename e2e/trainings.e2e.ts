import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, shoot } from './browser.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const PREVIEW_TO = 'preview.reader@harbor-logistics.example';

async function mailTo(to: string, since: number) {
  for (let i = 0; i < 100; i++) {
    const mails = (await (
      await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`)
    ).json()) as Array<{
      subject: string;
      text: string;
      createdAt: string;
    }>;
    const fresh = mails.find((m) => new Date(m.createdAt).getTime() >= since - 1000);
    if (fresh) return fresh;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no mail to ${to}`);
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

describe('training programs journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a program from a template through every step, finds, opens, copies, edits and deletes it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, ADMIN, '/trainings');

    // The demo company's programs are listed.
    await expect.poll(() => visible(page, /Phishing defence — winter/), { timeout: 20_000 }).toBe(true);
    await shoot(page, '40-trainings-list');

    await page.goto(`${baseUrl}/trainings/create`);
    // 1 Template
    await expect.poll(() => visible(page, 'Choose a template'), { timeout: 20_000 }).toBe(true);
    await page.getByText('Security basics: the first year', { exact: true }).first().click();
    await shoot(page, '41-wizard-template');
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    await next.click();

    // 2 Subjects
    await expect.poll(() => visible(page, 'Review subjects')).toBe(true);
    await shoot(page, '42-wizard-subjects');
    await next.click();

    // 3 Employees
    await expect.poll(() => visible(page, 'Select employees')).toBe(true);
    await page
      .getByRole('row', { name: /Finance/ })
      .getByRole('checkbox')
      .check();
    await expect.poll(() => visible(page, /Employees selected: [1-9]/)).toBe(true);
    await shoot(page, '43-wizard-employees');
    await next.click();

    // 4 Schedule
    await expect.poll(() => visible(page, 'Schedule delivery')).toBe(true);
    await expect.poll(() => visible(page, /Deliveries \([1-9]/)).toBe(true);
    await shoot(page, '44-wizard-schedule');
    await next.click();

    // 5 Reminders
    await expect
      .poll(() => visible(page, 'Remind employees who have not finished a delivery yet.'))
      .toBe(true);
    await shoot(page, '45-wizard-reminders');
    await next.click();

    // 6 Intro message
    await expect.poll(() => visible(page, 'Add an intro message')).toBe(true);
    await page.getByRole('switch', { name: 'Add an intro message' }).check({ force: true });
    const editor = page.locator('.ProseMirror').first();
    await expect.poll(() => editor.isVisible(), { timeout: 15_000 }).toBe(true);
    await editor.click();
    await page.keyboard.type('Welcome to your security basics. Five minutes a week keeps the attackers out.');
    await shoot(page, '46-wizard-intro');
    await next.click();

    // 7 Summary, with a real preview mail
    await expect.poll(() => visible(page, 'Send a preview')).toBe(true);
    await page.getByLabel('Recipients').fill(PREVIEW_TO);
    await page.getByLabel('What to send').first().click();
    await page.getByRole('option', { name: 'All training' }).click();
    const since = Date.now();
    await page.getByRole('button', { name: 'Send preview' }).click();
    await expect
      .poll(() => visible(page, /Test email sent successfully|Preview sent successfully\./))
      .toBe(true);
    const preview = await mailTo(PREVIEW_TO, since);
    expect(preview.text).toContain('Welcome to your security basics.');
    await shoot(page, '47-wizard-summary');

    // Create → the naming modal (the program is untitled) → 8 success
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const name = `Security basics ${Date.now().toString(36)}`;
    const naming = page.getByRole('dialog');
    await expect.poll(() => naming.getByText('Name your training program').isVisible()).toBe(true);
    await shoot(page, '48-wizard-naming');
    await naming.getByRole('textbox').fill(name);
    await naming
      .getByRole('button')
      .filter({ hasText: /Create|Save|Continue|Start/ })
      .last()
      .click();
    await expect
      .poll(() => visible(page, `“${name}” has successfully started`), { timeout: 20_000 })
      .toBe(true);
    await shoot(page, '49-wizard-success');

    // Found under Active (scheduled programs are active ones that have not sent yet).
    await page.goto(`${baseUrl}/trainings/active`);
    await expect.poll(() => visible(page, name), { timeout: 15_000 }).toBe(true);
    await shoot(page, '50-trainings-active-tab');
    await page.getByText(name).first().click();
    await page.waitForURL(/\/trainings\/[0-9a-f-]{36}\/view/);
    await expect.poll(() => page.getByRole('heading', { name }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: 'Lessons' }).isVisible()).toBe(true);
    await expect.poll(() => visible(page, 'Scheduled')).toBe(true);
    await page.waitForLoadState('networkidle');
    await shoot(page, '51-training-detail');

    // Copy → the wizard prefilled "{name} Copy" → save it as a draft.
    await page.getByRole('link', { name: 'Copy' }).first().click();
    await page.waitForURL(/\/trainings\/create\/copy\//);
    await expect
      .poll(() => page.getByLabel('Program name').inputValue(), { timeout: 15_000 })
      .toBe(`${name} Copy`);
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await expect.poll(() => visible(page, 'Training draft saved!'), { timeout: 15_000 }).toBe(true);
    await page.waitForURL(/\/trainings\/edit\/[0-9a-f-]{36}/);
    await shoot(page, '52-copy-draft-saved');

    // Edit the copy's draft: rename it and save again.
    await page.getByLabel('Program name').fill(`${name} v2`);
    await page.getByLabel('Program name').blur();
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await expect
      .poll(() => visible(page, /Training draft saved!|Training updated!/), { timeout: 15_000 })
      .toBe(true);

    // Delete the draft for ever from the Draft tab.
    await page.goto(`${baseUrl}/trainings/draft`);
    await expect.poll(() => visible(page, `${name} v2`), { timeout: 15_000 }).toBe(true);
    await page
      .getByRole('button', { name: `Actions for ${name} v2` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => visible(page, /forever/)).toBe(true);
    await shoot(page, '53-delete-confirmation');
    await page.getByRole('button', { name: 'Delete forever' }).click();
    await expect.poll(() => visible(page, 'Training deleted!'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(`${name} v2`).count()).toBe(0);
    await shoot(page, '54-after-delete');
  });

  it('shows the list on a phone', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signInAs(page, baseUrl, ADMIN, '/trainings');
    await expect.poll(() => visible(page, /Phishing defence — winter/), { timeout: 20_000 }).toBe(true);
    await shoot(page, '55-trainings-phone');
  });
});
