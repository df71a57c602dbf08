/**
 * Slack delivery (issue 21): an admin adds Slack ('Add to Slack' against the local fake of Slack
 * started by global-setup.ts, which approves and redirects back), the wizard then offers Slack, a
 * program goes out on Slack and mail, the fake receives one direct message per employee on Slack, and
 * the delivery status shows each channel — with the employee Slack does not know reported; an
 * assessment on Slack and mail shows the same in its delivery status tab, at 390 and 1440 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { callFake, launchBrowser, newPageAt, shoot, shows } from './browser.ts';
import { settle } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const fake = inject('fakeSlack');
const SUPER_ADMIN = 'riley.quinn@vigil.example';
const tag = Date.now().toString(36);
const ADMIN = `slack.admin.${tag}@quay-shipping.example`;
const ON_SLACK = [`ana.${tag}@quay-shipping.example`, `ben.${tag}@quay-shipping.example`];
const NOT_ON_SLACK = `carla.${tag}@quay-shipping.example`;

interface FakeMessage {
  email: string;
  text: string;
  blocks: { type: string; elements?: { type: string; url?: string }[] }[];
}

describe('Slack delivery journey', () => {
  let browser: Browser;
  let token: string;
  let companyId: string;
  let programId: string;
  let listId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    for (const email of ON_SLACK) await callFake(fake.control, 'addUser', email, email.split('.')[0]);
    const root = await managerToken(baseUrl, SUPER_ADMIN);
    const created = await api<{ company_id: string }>(baseUrl, root, 'POST', '/admin/companies', {
      companyName: 'Quay Shipping Slack',
      adminEmail: ADMIN,
      adminName: 'Sam Lack',
    });
    companyId = created.company_id;
    token = await managerToken(baseUrl, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(width: number, path: string): Promise<Page> {
    const page = await newPageAt(browser, width);
    await signInAs(page, baseUrl, ADMIN, path);
    return page;
  }

  /** The program's delivery status: its first delivery, one row per employee and channel. */
  async function openDeliveryStatus(page: Page) {
    await page.goto(`${baseUrl}/trainings/${programId}/view/`);
    await page.getByRole('button', { name: 'Delivery status' }).first().click();
    const modal = page.getByTestId('delivery-status-modal');
    await expect
      .poll(() => modal.getByTestId('deliveries-table').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await modal.getByTestId('deliveries-table').getByRole('button').first().click();
    return modal.getByTestId('delivery-users-table');
  }

  it('adds Slack, which the wizards then may offer, and delivers a program on Slack and mail with each channel in the delivery status', async () => {
    const page = await open(1440, '/settings/integrations/slack/');
    const add = page.getByTestId('add-to-slack');
    await expect.poll(() => add.isVisible(), { timeout: 30_000 }).toBe(true);
    await settle(page);
    await checkAccessibility(page, 'the Slack page before connecting');
    await shoot(page, '97-slack-connect');

    // Slack's authorize page (the fake approves at once) sends the admin back with the code and state.
    await add.click();
    await shows(page, 'Slack connected');
    const card = page.getByTestId('connection-card');
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await card.getByText('Workspace: Fake Workspace').isVisible()).toBe(true);
    expect(page.url()).not.toContain('code=');
    await settle(page);
    await checkAccessibility(page, 'the Slack page when connected');
    await shoot(page, '98-slack-connected');

    // What the wizards offer now: Slack (available and connected), not Teams (not connected).
    expect(await api(baseUrl, token, 'GET', `/companies/${companyId}/integrations/chat/channels`)).toEqual({
      slack: { available: true, connected: true },
      teams: { available: true, connected: false },
    });

    // A program on Slack and mail to three employees, one of them unknown to Slack, started in the
    // wizard with both channels ticked on its Schedule step.
    const listName = `Slack crew ${tag}`;
    const list = await api<{ id: string }>(baseUrl, token, 'POST', `/companies/${companyId}/lists`, {
      name: listName,
    });
    listId = list.id;
    await api(baseUrl, token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, {
      users: [...ON_SLACK, NOT_ON_SLACK].map((email) => ({ email, name: email.split('.')[0] })),
    });
    await page.goto(`${baseUrl}/trainings/create`);
    await shows(page, 'Choose a template');
    await page.getByText('Phishing defence', { exact: true }).first().click();
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    await next.click();
    await shows(page, 'Review subjects');
    await next.click();
    await shows(page, 'Select employees');
    await page
      .getByRole('row', { name: new RegExp(listName) })
      .getByRole('checkbox')
      .check();
    await shows(page, /Employees selected: 3/);
    await next.click();
    await shows(page, 'Schedule delivery');
    await page.getByText('Send everything now', { exact: true }).first().click();
    const channels = page.getByRole('group', { name: 'Delivery channels' });
    const slackBox = channels.getByRole('checkbox', { name: 'Slack' });
    await expect.poll(() => slackBox.isEnabled(), { timeout: 20_000 }).toBe(true);
    if (!(await slackBox.isChecked())) await slackBox.check();
    expect(await channels.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);
    expect(await channels.getByRole('checkbox', { name: 'Teams' }).isDisabled()).toBe(true);
    await settle(page);
    await checkAccessibility(page, 'the wizard with Slack and mail ticked');
    await shoot(page, '98-slack-wizard-channels');
    await next.click();
    await next.click();
    await next.click();
    await shows(page, 'Send a preview');
    const name = `Phishing on Slack ${tag}`;
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const naming = page.getByRole('dialog');
    await expect.poll(() => naming.getByText('Name your training program').isVisible()).toBe(true);
    await naming.getByRole('textbox').fill(name);
    await naming.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send the program now?' });
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await shows(page, `“${name}” has successfully started`);
    const stored = await api<{ rows: { id: string; name: string }[] }>(
      baseUrl,
      token,
      'GET',
      `/companies/${companyId}/automations?q=${encodeURIComponent(name)}`,
    );
    programId = stored.rows.find((row) => row.name === name)!.id;

    // The next new program starts from the remembered choice, Slack kept as Slack is connected.
    await page.goto(`${baseUrl}/trainings/create`);
    await shows(page, 'Choose a template');
    await page.getByText('Phishing defence', { exact: true }).first().click();
    await next.click();
    await shows(page, 'Review subjects');
    await next.click();
    await page
      .getByRole('row', { name: new RegExp(listName) })
      .getByRole('checkbox')
      .check();
    await shows(page, /Employees selected: 3/);
    await next.click();
    await shows(page, 'Schedule delivery');
    expect(await slackBox.isChecked()).toBe(true);
    expect(await channels.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);

    // The fake receives one direct message per employee on Slack, with the button to the lessons.
    await expect
      .poll(
        async () =>
          (await callFake<FakeMessage[]>(fake.control, 'messages'))
            .filter((m) => ON_SLACK.includes(m.email))
            .map((m) => m.email)
            .sort(),
        { timeout: 90_000, interval: 1_000 },
      )
      .toEqual([...ON_SLACK].sort());
    const message = (await callFake<FakeMessage[]>(fake.control, 'messages')).find(
      (m) => m.email === ON_SLACK[0],
    )!;
    const button = message.blocks.find((b) => b.type === 'actions')!.elements![0]!;
    expect(button.url).toContain('/learn');

    // The delivery status: one row per employee and channel; the one Slack does not know is reported.
    const users = await openDeliveryStatus(page);
    await expect
      .poll(() => users.getByText('Not found on Slack: no Slack account uses this email').count(), {
        timeout: 60_000,
      })
      .toBe(1);
    await expect.poll(() => users.locator('tbody tr[data-channel="2"]').count()).toBe(3);
    await expect.poll(() => users.locator('tbody tr[data-channel="1"]').count()).toBe(3);
    await settle(page);
    await checkAccessibility(page, 'the delivery status with Slack');
    await shoot(page, '99-slack-delivery-status');
  }, 240_000);

  it('shows the Slack and Teams pages on a phone', async () => {
    const page = await open(390, '/settings/integrations/slack/');
    await expect.poll(() => page.getByTestId('connection-card').isVisible(), { timeout: 30_000 }).toBe(true);
    await settle(page);
    await checkAccessibility(page, 'the Slack page on a phone');
    await shoot(page, '98-slack-connected-phone');
    await page.goto(`${baseUrl}/settings/integrations/teams/`);
    const form = page.getByTestId('teams-form');
    await expect.poll(() => form.isVisible(), { timeout: 30_000 }).toBe(true);
    await form.getByRole('button', { name: 'Save' }).click();
    await shows(page, 'You need to enter some information to save');
    await settle(page);
    await checkAccessibility(page, 'the Teams page on a phone');
    await shoot(page, '98-teams-phone');

    // The delivery status of the program on Slack and mail, on a phone: the Channel column scrolls.
    const users = await openDeliveryStatus(page);
    await expect.poll(() => users.locator('[data-channel="2"]').count(), { timeout: 20_000 }).toBe(3);
    await settle(page);
    await checkAccessibility(page, 'the delivery status with Slack on a phone');
    await shoot(page, '99-slack-delivery-status-phone');

    // An assessment on Slack and mail: its delivery status tab, each row with its channel, on a phone.
    const messagesBefore = (await callFake<FakeMessage[]>(fake.control, 'messages')).length;
    const started = await api<{ assessment: { id: string } }>(
      baseUrl,
      token,
      'POST',
      `/companies/${companyId}/assessments`,
      {
        name: `Slack pulse ${tag}`,
        status: 'scheduled',
        templateIds: ['quick-pulse'],
        templateCustomized: false,
        questions: ['ph-shared-document-login'],
        userLists: [listId],
        channel: 3,
        scheduleType: 1,
        date: null,
        due: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        reminders_enabled: false,
        reminders_settings: { channel: 1, steps: [] },
        personalizeEnabled: false,
        personalizeData: {
          companyName: 'Quay Shipping',
          companyDomain: 'quay-shipping.example',
          emailHR: 'hr@quay-shipping.example',
        },
        introMessage: '',
      },
    );
    // Its invitations reach Slack first (the employee Slack does not know gets the mail only).
    await expect
      .poll(async () => (await callFake<FakeMessage[]>(fake.control, 'messages')).length, {
        timeout: 90_000,
        interval: 1_000,
      })
      .toBeGreaterThanOrEqual(messagesBefore + ON_SLACK.length);
    for (const width of [390, 1440]) {
      const view = width === 390 ? page : await open(width, '/assessment/');
      await view.goto(`${baseUrl}/assessment/${started.assessment.id}/view/deliveries/`);
      const events = view.getByTestId('deliveries-table');
      await expect.poll(() => events.getByRole('button').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await events.getByRole('button').first().click();
      const rows = view.getByTestId('delivery-users-table');
      await expect
        .poll(() => rows.getByText('Not found on Slack: no Slack account uses this email').count(), {
          timeout: 60_000,
        })
        .toBe(1);
      expect(await rows.locator('[data-channel="2"]').count()).toBe(3);
      await settle(view);
      await checkAccessibility(view, `the assessment's delivery status at ${width} px`);
      await shoot(view, `99-slack-assessment-delivery-status-${width}`);
    }
  }, 180_000);
});
