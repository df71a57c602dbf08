import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from './axe.ts';
import { api, managerToken } from './api.ts';
import { launchBrowser, shoot } from './browser.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';

const visible = (page: Page, text: string) => page.getByText(text).first().isVisible();

function employeeFile(name: string, lines: string[]): string {
  const file = path.join(tmpdir(), name);
  writeFileSync(file, lines.join('\n'));
  return file;
}

describe('employees journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a list, imports a file with good and bad lines, confirms, opens and deletes an employee', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, ADMIN, '/users');
    await expect
      .poll(() => page.getByRole('link', { name: 'All staff' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await shoot(page, '20-employee-lists');

    await page.getByRole('button', { name: 'Create list' }).first().click();
    await page.getByLabel('List name').fill('Night shift');
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/users\/add\/[0-9a-f-]{36}\/?$/);
    const listId = page.url().match(/\/users\/add\/([0-9a-f-]{36})/)![1]!;

    const file = path.join(tmpdir(), 'night-shift.csv');
    const crew = ['Ola Dahl', 'Ivo Marsh', 'Una Reyes', 'Kai Brandt', 'Eli Novak', 'Ada Quist'];
    writeFileSync(
      file,
      [
        'email;name;department',
        'nina.berg@harbor-logistics.example;Nina Berg;Warehouse',
        'yusuf.haddad@harbor-logistics.example;"Haddad, Yusuf";Warehouse',
        'not-an-email;Nobody',
        'pia.holm@harbor-logistics.example;Pia Holm;Security',
        ...crew.map(
          (name) => `${name.toLowerCase().replace(' ', '.')}@harbor-logistics.example;${name};Night`,
        ),
      ].join('\r\n'),
    );
    await page.getByLabel('Employee file').setInputFiles(file);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Found errors:').isVisible(), { timeout: 15_000 }).toBe(true);
    // Nothing is stored yet: the preview says what Confirm will do.
    await expect
      .poll(() => dialog.getByText('9 new employees will be added from .csv file').isVisible())
      .toBe(true);
    const rejected = dialog.getByText('Email not valid');
    expect(await rejected.isVisible()).toBe(true);
    // The rejected line is in sight above the buttons, without scrolling.
    const confirmButton = dialog.getByRole('button', { name: 'Confirm' });
    const [line, buttons] = await Promise.all([rejected.boundingBox(), confirmButton.boundingBox()]);
    expect(line!.y + line!.height).toBeLessThan(buttons!.y);
    expect(buttons!.y + buttons!.height).toBeLessThanOrEqual(900);
    await shoot(page, '21-import-preview');
    await checkAccessibility(page, 'the import preview');

    await confirmButton.click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => visible(page, '9 new employees added from .csv file')).toBe(true);
    await expect.poll(() => page.getByText('nina.berg@harbor-logistics.example').isVisible()).toBe(true);
    expect(await page.getByText('Haddad, Yusuf').isVisible()).toBe(true);
    await shoot(page, '22-list-after-import');

    // The same file again changes nothing: "No changes found", and Confirm stays off.
    await page.goto(`${baseUrl}/users/add/${listId}`);
    await page.getByLabel('Employee file').setInputFiles(file);
    await expect.poll(() => dialog.getByText('No changes found').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await shoot(page, '22b-import-no-changes');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);

    await page.getByRole('link', { name: 'nina.berg@harbor-logistics.example' }).click();
    await page.waitForURL(/\/user\/nina\.berg%40harbor-logistics\.example\/?$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Nina Berg' }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Warehouse').first().isVisible()).toBe(true);
    await shoot(page, '23-employee-detail');

    // A reload of the detail page is served by the app, not answered as a missing file.
    await page.reload();
    await expect.poll(() => page.getByText('Nina Berg').first().isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('link', { name: 'Back to list' }).click();
    await expect.poll(() => page.getByText('pia.holm@harbor-logistics.example').isVisible()).toBe(true);
    await page
      .getByRole('row', { name: /pia\.holm@harbor-logistics\.example/ })
      .getByRole('button')
      .last()
      .click();
    await expect
      .poll(() => page.getByText('Are you sure you want to delete this user from list?').isVisible())
      .toBe(true);
    await shoot(page, '24-delete-confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.getByText('pia.holm@harbor-logistics.example').count(), { timeout: 10_000 })
      .toBe(0);
    await shoot(page, '25-after-delete');
  });

  it('tells a file of blank lines and an over-long line apart from a good import, in the dialog', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, ADMIN, '/users/import');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Import into').isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByLabel('New list').check();
    await dialog.getByLabel('List name').fill('Edge cases');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });

    await page.getByLabel('Employee file').setInputFiles(employeeFile('blank.csv', ['', '   ', '\t', '']));
    await expect.poll(() => dialog.getByText('No rows found').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await confirm.isDisabled()).toBe(true);
    await shoot(page, '26-import-blank-file');

    const long = `long.line@harbor-logistics.example;${'x'.repeat(2100)}`;
    await page
      .getByLabel('Employee file')
      .setInputFiles(employeeFile('long.csv', ['ok.line@harbor-logistics.example;Ok Line', long]));
    await expect
      .poll(() => dialog.getByText('Line can not be more than 2000 characters').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await dialog.getByText(/Too big/).count()).toBe(0);
    await expect
      .poll(() => dialog.getByText('1 new employees will be added from .csv file').isVisible())
      .toBe(true);
    expect(await confirm.isEnabled()).toBe(true);
    await shoot(page, '27-import-long-line');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the record of an employee who finished a program, with their assessments', async () => {
    const token = await managerToken(baseUrl, ADMIN);
    const [harbor] = (
      await api<{ company_id: string; role: number }[]>(baseUrl, token, 'GET', '/companies/my_companies')
    ).filter((c) => c.role === 1);
    const companyId = harbor!.company_id;
    // Someone who finished every lesson of the demo's completed program.
    const done = await api<{ rows: { id: string; name: string }[] }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/automations?tab=completed`,
    );
    const program = done.rows[0]!;
    const finisher = await api<{ rows: { email: string }[] }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/automations/${program.id}/employees?filter=completed&n=1`,
    );
    const email = finisher.rows[0]!.email;
    const lists = await api<{ rows: { id: string; name: string }[] }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/lists`,
    );
    const everyone = lists.rows.find((l) => l.name === 'All staff')!;

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, baseUrl, ADMIN, `/users/list/${everyone.id}/user/${encodeURIComponent(email)}/`);
    await expect
      .poll(() => page.getByText('Subjects', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.waitForLoadState('networkidle');
    // Started, one row per lesson of the finished program (all finished; lessons of a running program the
    // employee's lists also get may follow) and the assessments.
    const subjects = page.getByRole('table').first().getByRole('row');
    const ofProgram = subjects.filter({ hasText: program.name });
    expect(await ofProgram.count()).toBe(10);
    // A lesson counts as finished when it is finished in every program that delivered it: a row of the
    // completed program that is not finished must name another program (one an earlier journey started
    // and that delivered the same lesson again).
    const all = await api<{ rows: { name: string }[] }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/automations?tab=all&n=100`,
    );
    const others = all.rows.map((r) => r.name).filter((n) => n !== program.name);
    for (const text of await ofProgram.allInnerTexts()) {
      if (!text.includes('Finished'))
        expect(
          others.some((n) => text.includes(n)),
          text,
        ).toBe(true);
    }
    expect(await ofProgram.filter({ hasText: 'Finished' }).count()).toBeGreaterThan(0);
    // Completion and quiz score apart, each named for what it is: the quiz score is the table's correct
    // first answers ÷ all first answers, whatever the completion.
    const counts = await subjects.evaluateAll((rows) =>
      rows
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].slice(4, 6).map((td) => Number(td.textContent))),
    );
    const correct = counts.reduce((sum, [c]) => sum + c!, 0);
    const answered = counts.reduce((sum, [c, i]) => sum + c! + i!, 0);
    const facts = await page.locator('main').innerText();
    expect(facts).toMatch(/Started\s+Yes/);
    expect(facts).toMatch(/Completion\s+\d+%/);
    expect(facts).toMatch(new RegExp(`Quiz score\\s+${Math.round((correct / answered) * 100)}%`));
    const assessments = page.getByRole('table').nth(1);
    expect(await assessments.getByRole('columnheader', { name: 'Resilience score' }).isVisible()).toBe(true);
    expect(await assessments.getByRole('row', { name: /Baseline human-risk assessment/ }).isVisible()).toBe(
      true,
    );
    await shoot(page, '28-employee-record');
  });
  it('lets a team manager add and import employees and make lists, and shows them nothing else', async () => {
    const admin = await managerToken(baseUrl, ADMIN);
    const [company] = await api<{ company_id: string }[]>(baseUrl, admin, 'GET', '/companies/my_companies');
    const email = 'tess.team@harbor-logistics.example';
    await api(baseUrl, admin, 'POST', `/companies/${company!.company_id}/managers`, {
      name: 'Tess Team',
      email,
      role: 2,
      manageUsers: true,
    });
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    // The dashboard is not theirs: they land on the employees.
    await signInAs(page, baseUrl, email, '/');
    await page.waitForURL(/\/users\/?$/, { timeout: 20_000 });
    await expect
      .poll(() => page.getByRole('button', { name: 'Create list' }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Import employees' }).first().isVisible()).toBe(true);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(new Set(await menu.getByRole('link').allTextContents())).toEqual(new Set(['Employees']));
    await page.goto(`${baseUrl}/reports`);
    await page.waitForURL(/\/users\/?$/, { timeout: 20_000 });

    await page.getByRole('button', { name: 'Create list' }).first().click();
    await page.getByLabel('List name').fill('Team North');
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/users\/add\/[0-9a-f-]{36}\/?$/);
    const listId = page.url().match(/\/users\/add\/([0-9a-f-]{36})/)![1]!;
    await page.goto(`${baseUrl}/users/list/${listId}`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Add employees' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Rename' }).isVisible()).toBe(true);
    // Deleting a list stays with admins (spec 3 §6).
    expect(await page.getByRole('button', { name: 'Remove list' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add employees' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 15_000 }).toBe(true);
    await shoot(page, '29a-team-manager-add');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/users`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Team North' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await shoot(page, '29b-team-manager-lists');
    await checkAccessibility(page, 'the employees page of a team manager');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await shoot(page, '29c-team-manager-phone');
    await checkAccessibility(page, 'the employees page of a team manager on a phone');
    await page.context().close();
  });
});
