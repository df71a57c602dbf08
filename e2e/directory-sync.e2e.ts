/**
 * Directory sync (issue 20): an admin connects Azure AD against the local fake of Microsoft Graph
 * (started by global-setup.ts), picks two groups, previews, syncs with the progress bar moving, finds
 * the lists and employees; then the directory changes and a second sync follows it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { callFake, launchBrowser, newPageAt, shoot, shows } from './browser.ts';
import { settle } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const fake = inject('fakeDirectory');
const SUPER_ADMIN = 'riley.quinn@vigil.example';
/**
 * The journey's own company and admin: the sync adds over a hundred employees, which would count
 * against the demo company's seats (the month's seats) in the journeys that run after it.
 */
const ADMIN = `directory.admin.${Date.now().toString(36)}@harbor-logistics.example`;

/** Two groups to sync among others (twelve: a second page of ten), and the people in them. */
const GROUP_A = 'Warehouse Leeds';
const GROUP_B = 'Customs Brokers';
const FIRST_USER = 'Priya Natarajan';
const FIRST_USER_EMAIL = 'priya.natarajan@harbor.example';
const LEAVER_EMAIL = 'tom.leaver@harbor.example';
const DISABLED_EMAIL = 'dana.disabled@harbor.example';
const NEW_USER_EMAIL = 'new.starter@harbor.example';
/** Members per synced group: enough that the sync reports its progress in several steps. */
const MEMBERS = 60;

interface FakeUser {
  id: string;
  email: string;
}

/** The Azure app the fake lets sign in (its tenant, client id and secret). */
let app: { tenant: string; clientId: string; clientSecret: string };
/** The first group's members, to change them later. */
let groupA: string[] = [];

/** Seeds the fake's Azure tenant: 12 groups, and members in the two the journey syncs. */
async function seedDirectory(): Promise<void> {
  app = await callFake(fake.control, 'azure');
  const addUser = (email: string, name: string, department: string) =>
    callFake<FakeUser>(fake.control, 'addUser', { email, name, department });
  const first = [
    await addUser(FIRST_USER_EMAIL, FIRST_USER, 'Operations'),
    await addUser(LEAVER_EMAIL, 'Tom Leaver', 'Operations'),
    await addUser(DISABLED_EMAIL, 'Dana Disabled', 'Operations'),
  ];
  for (let i = 0; i < MEMBERS; i++)
    first.push(await addUser(`picker${i}@harbor.example`, `Picker ${i}`, 'Warehouse'));
  const second: FakeUser[] = [];
  for (let i = 0; i < MEMBERS; i++)
    second.push(await addUser(`broker${i}@harbor.example`, `Broker ${i}`, 'Customs'));
  groupA = first.map((u) => u.id);
  await callFake(fake.control, 'addGroup', GROUP_A, groupA, 'journey-group-a');
  await callFake(
    fake.control,
    'addGroup',
    GROUP_B,
    second.map((u) => u.id),
    'journey-group-b',
  );
  for (const name of [
    'Finance',
    'Drivers',
    'IT',
    'Legal',
    'Marketing',
    'Sales',
    'Support',
    'Planning',
    'Board',
    'Fleet',
  ])
    await callFake(fake.control, 'addGroup', name, []);
}

/** The directory changes: one member leaves the group, one account is disabled, someone new joins. */
async function changeDirectory(): Promise<void> {
  const leaver = groupA[1]!;
  const disabled = groupA[2]!;
  await callFake(fake.control, 'addUser', {
    id: disabled,
    email: DISABLED_EMAIL,
    name: 'Dana Disabled',
    department: 'Operations',
    enabled: false,
  });
  const joiner = await callFake<FakeUser>(fake.control, 'addUser', {
    email: NEW_USER_EMAIL,
    name: 'New Starter',
    department: 'Operations',
  });
  groupA = [...groupA.filter((id) => id !== leaver), joiner.id];
  await callFake(fake.control, 'addGroup', GROUP_A, groupA, 'journey-group-a');
}

/** Searches the list's employees (debounced 300 ms) and waits for the answer. */
async function searchList(page: Page, q: string): Promise<void> {
  await page.getByLabel('Search employees').fill(q);
  await page.waitForTimeout(800);
  await page.waitForLoadState('networkidle');
}

describe('directory sync journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await seedDirectory();
    const root = await managerToken(baseUrl, SUPER_ADMIN);
    await api(baseUrl, root, 'POST', '/admin/companies', {
      companyName: 'Harbor Directory Sync',
      adminEmail: ADMIN,
      adminName: 'Dee Rectory',
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(width: number, path: string): Promise<Page> {
    const page = await newPageAt(browser, width);
    await signInAs(page, baseUrl, ADMIN, path);
    return page;
  }

  it('connects Azure AD, syncs two groups with live progress, and follows the directory when it changes', async () => {
    const page = await open(1440, '/settings/integrations/');
    const azureCard = page.getByTestId('integration-card-azure');
    await expect.poll(() => azureCard.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId('integration-card-scim').isVisible()).toBe(true);
    await settle(page);
    await checkAccessibility(page, 'the integrations overview');
    await shoot(page, '95-integrations-overview');
    await azureCard.getByRole('link', { name: /Azure AD/ }).click();
    await page.waitForURL('**/settings/integrations/azure/');
    await shows(page, 'Back to Integration overview');

    // The connect form: every field required (spec 3 §5).
    const form = page.getByTestId('azure-connect-form');
    await expect.poll(() => form.isVisible(), { timeout: 20_000 }).toBe(true);
    await form.getByRole('button', { name: 'Connect' }).click();
    expect(await form.getByText('You need to enter some information to save').count()).toBe(3);

    // A wrong secret: 'Connection failed: …' and the 'Something went wrong' dialog with the directory's answer.
    await form.getByLabel('Tenant').fill(app.tenant);
    await form.getByLabel('Client App Id').fill(app.clientId);
    await form.getByLabel('Client secret').fill('not-the-secret');
    await form.getByRole('button', { name: 'Connect' }).click();
    await shows(page, /^Connection failed: /);
    const dialog = page.getByTestId('connect-error');
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(
      await dialog
        .getByText(
          "Looks like we can't connect to Azure AD. Please try again and make sure you are using the right IDs.",
        )
        .isVisible(),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Show details' }).click();
    await expect.poll(() => page.getByTestId('connect-error-details').isVisible()).toBe(true);
    await page.waitForTimeout(400);
    await checkAccessibility(page, "the Azure AD 'Something went wrong' dialog");
    await shoot(page, '96-azure-connect-failed');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The right secret connects; the page turns into the sync controls.
    await form.getByLabel('Client secret').fill(app.clientSecret);
    await form.getByRole('button', { name: 'Connect' }).click();
    await shows(page, 'Connection successful');
    await expect.poll(() => page.getByTestId('connection-card').isVisible(), { timeout: 20_000 }).toBe(true);

    // The group picker: searched 300 ms after the last key; two groups added.
    const groups = page.getByTestId('directory-groups');
    await expect.poll(() => groups.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    for (const name of [GROUP_A, GROUP_B]) {
      await page.getByTestId('group-search').fill(name);
      await expect
        .poll(() => groups.getByRole('button', { name: `Add ${name} to sync` }).isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      await groups.getByRole('button', { name: `Add ${name} to sync` }).click();
      await expect
        .poll(() => page.getByTestId('selected-groups').getByText(name, { exact: true }).isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
    }
    await page.getByTestId('group-search').fill('');

    // The preview lists what a sync would do and writes nothing.
    await page.getByTestId('sync-preview-button').click();
    const preview = page.getByTestId('sync-preview');
    await expect.poll(() => preview.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await preview.getByTestId('preview-groups').getByText(GROUP_A).isVisible()).toBe(true);
    expect(await preview.getByTestId('preview-users').getByText(FIRST_USER).isVisible()).toBe(true);
    await settle(page);
    await checkAccessibility(page, 'the Azure AD page with a sync preview');
    await shoot(page, '97-azure-preview');

    // Sync now: the progress bar moves over the socket and the page reloads at 100 %. The directory
    // answers slowly, as a real one does, so the sync lasts long enough to be watched.
    await callFake(fake.control, 'slowDown', 800);
    await page.getByTestId('sync-now').click();
    await shows(page, 'Sync Started Successful');
    const percents = new Set<number>();
    await expect
      .poll(
        async () => {
          const bar = page.getByTestId('sync-progress');
          const percent = await bar.getAttribute('data-percent', { timeout: 200 }).catch(() => null);
          if (percent !== null) percents.add(Number(percent));
          return page.getByTestId('sync-last').isVisible();
        },
        { timeout: 90_000, interval: 100 },
      )
      .toBe(true);
    await callFake(fake.control, 'slowDown', 0);
    expect(percents.size, `percents seen: ${[...percents].join(', ')}`).toBeGreaterThan(1);
    expect(await page.getByTestId('sync-last').getByText('Success').isVisible()).toBe(true);
    const history = page.getByTestId('sync-history');
    const firstRun = history.locator('tbody tr').first();
    await expect.poll(() => firstRun.textContent()).toContain('Success');
    await settle(page);
    await checkAccessibility(page, 'the Azure AD page after a sync');
    await shoot(page, '98-azure-synced');

    // The lists and employees are there, with their source, and a synced list offers no edits.
    await page.goto(`${baseUrl}/users/`);
    const listLink = page.getByRole('link', { name: GROUP_A, exact: true });
    await expect.poll(() => listLink.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByRole('link', { name: GROUP_B, exact: true }).isVisible()).toBe(true);
    await listLink.click();
    await expect.poll(() => page.getByTestId('directory-owned').isVisible(), { timeout: 20_000 }).toBe(true);
    await searchList(page, 'priya');
    await expect.poll(() => page.getByText(FIRST_USER_EMAIL).isVisible(), { timeout: 20_000 }).toBe(true);
    await searchList(page, '');
    expect(await page.getByTestId('add-employees').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    await settle(page);
    await checkAccessibility(page, 'a list kept by Azure AD');
    await shoot(page, '99-azure-list');

    // The directory changes: one member leaves the group, one is disabled, a new one joins.
    await changeDirectory();
    await page.goto(`${baseUrl}/settings/integrations/azure/`);
    await expect.poll(() => page.getByTestId('sync-now').isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.getByTestId('sync-now').click();
    await shows(page, 'Sync Started Successful');
    await expect.poll(() => history.locator('tbody tr').count(), { timeout: 90_000 }).toBe(2);
    await expect
      .poll(() => history.locator('tbody tr').first().textContent(), { timeout: 90_000 })
      .toContain('Success');

    await page.goto(`${baseUrl}/users/`);
    await page.getByRole('link', { name: GROUP_A, exact: true }).click();
    await searchList(page, 'new.starter');
    await expect.poll(() => page.getByText(NEW_USER_EMAIL).isVisible(), { timeout: 30_000 }).toBe(true);
    for (const gone of [LEAVER_EMAIL, DISABLED_EMAIL]) {
      await searchList(page, gone.split('@')[0]!);
      await expect.poll(() => page.getByText(gone).count(), { timeout: 20_000 }).toBe(0);
    }

    // A group leaves the sync after the spec's question; unlinking resets the form.
    await page.goto(`${baseUrl}/settings/integrations/azure/`);
    const selected = page.getByTestId('selected-groups');
    await expect.poll(() => selected.isVisible(), { timeout: 30_000 }).toBe(true);
    await selected.getByRole('button', { name: `Remove ${GROUP_B} from sync` }).click();
    await shows(page, 'Are you sure you want to remove this group from sync?');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await shows(page, 'Group deleted.');
    await page.getByRole('button', { name: 'Unlink' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
    await shows(page, 'Sync Unlinked Successful');
    await expect
      .poll(() => page.getByTestId('azure-connect-form').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await page.context().close();
  });

  it('shows the integration pages at 390 px', async () => {
    const page = await open(390, '/settings/integrations/');
    await expect
      .poll(() => page.getByTestId('integration-card-azure').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await settle(page);
    await checkAccessibility(page, 'the integrations overview at 390 px');
    await shoot(page, '95-integrations-overview-phone');
    for (const product of ['azure', 'google']) {
      await page.goto(`${baseUrl}/settings/integrations/${product}/`);
      await expect
        .poll(
          () =>
            page
              .locator(`[data-testid=${product}-connect-form], [data-testid=connection-card]`)
              .first()
              .isVisible(),
          { timeout: 30_000 },
        )
        .toBe(true);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await checkAccessibility(page, `the ${product} page at 390 px`);
      await shoot(page, `96-${product}-phone`);
    }
    await page.context().close();
  });
});
