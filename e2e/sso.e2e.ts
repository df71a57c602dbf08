/**
 * Single sign-on (issue 21): an admin sets up a SAML identity provider (the offline test IdP started by
 * global-setup.ts, given by its metadata) and turns it on; then a manager of the company signs in from
 * the sign-in page through the identity provider, and so does an employee in the learner app and
 * through an assessment's shared access link (sso=1). The Azure single sign-on page refuses a
 * certificate file that is not a .cer. Both settings pages are checked with axe at 1440 and 390 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, managerToken } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, newPageAt, shoot, shows } from './browser.ts';
import { settle } from './manager-pages.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const idp = inject('samlIdp');
const SUPER_ADMIN = 'riley.quinn@vigil.example';
/** The journey's own company and email domain: single sign-on takes over every sign-in of the domain. */
const DOMAIN = `sso-${Date.now().toString(36)}.example`;
const ADMIN = `ada.admin@${DOMAIN}`;
const EMPLOYEE = `emma.employee@${DOMAIN}`;

describe('single sign-on journey', () => {
  let browser: Browser;
  let companyId: string;
  /** The admin's API session, taken before single sign-on is on (mailed links stop for the domain then). */
  let adminToken: string;
  /** The list the employee was imported into. */
  let listId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const root = await managerToken(baseUrl, SUPER_ADMIN);
    const company = await api<{ company_id: string }>(baseUrl, root, 'POST', '/admin/companies', {
      companyName: 'Fjord Shipping SSO',
      adminEmail: ADMIN,
      adminName: 'Ada Admin',
    });
    companyId = company.company_id;
    // An employee in a list, as an import makes one (before single sign-on takes the domain's sign-ins).
    adminToken = await managerToken(baseUrl, ADMIN);
    await fetch(`${baseUrl}/api/companies/${companyId}/createUsersBatch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ listName: 'Deck crew', records: [`${EMPLOYEE},Emma Employee`], preview: false }),
    }).then(async (r) => {
      expect(r.status).toBe(200);
      listId = ((await r.json()) as { newLists: Array<{ id: string }> }).newLists[0]!.id;
    });
    // The manual schedule (an access link to share) is a feature setting only the super-admin turns on.
    await api(baseUrl, root, 'PUT', `/companies/${companyId}/features`, { assessmentManualSchedule: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the admin sets up a SAML identity provider from its metadata and turns it on', async () => {
    const page = await newPageAt(browser, 1440);
    await signInAs(page, baseUrl, ADMIN, '/settings/integrations/');
    const phone = await newPageAt(browser, 390);
    await signInAs(phone, baseUrl, ADMIN, '/settings/integrations/saml/');
    const samlCard = page.getByTestId('integration-card-saml');
    await expect.poll(() => samlCard.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId('integration-card-azuresso').isVisible()).toBe(true);

    // The Azure page: the certificate file must be a .cer (spec 3 §5).
    await page.getByTestId('integration-card-azuresso').getByRole('link').click();
    await page.waitForURL('**/settings/integrations/azuresso/');
    await shows(page, 'Back to Integration overview');
    // Mantine's file input is a button over a hidden <input type=file>.
    await page
      .getByTestId('azuresso-form')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'certificate.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a certificate'),
      });
    await shows(page, 'Choose a .cer file');
    await page.getByTestId('azuresso-form').getByRole('button', { name: 'Save' }).click();
    await shows(page, 'Upload the certificate (Base64) of the single sign-on app');
    await settle(page);
    await checkAccessibility(page, 'the Azure single sign-on page');
    await shoot(page, '97-sso-azure-1440');

    // The generic provider: its metadata pasted, the company's email domain, then the switch turns it on.
    await page.goto(`${baseUrl}/settings/integrations/saml/`);
    const form = page.getByTestId('saml-form');
    await expect.poll(() => form.isVisible(), { timeout: 20_000 }).toBe(true);
    await form.getByLabel('Metadata XML').fill(idp.metadata);
    await form.getByLabel('Emails domain').fill(DOMAIN);
    await form.getByRole('button', { name: 'Save' }).click();
    await shows(page, 'Single sign-on saved.');
    await shows(page, new RegExp(`Identity provider ${idp.url}/idp`));
    await page.getByTestId('sso-enabled').click();
    await expect
      .poll(
        async () =>
          (
            await api<{ enabled: string }>(
              baseUrl,
              adminToken,
              'GET',
              `/companies/${companyId}/integrations/saml`,
            )
          ).enabled,
        { timeout: 20_000 },
      )
      .toBe('1');
    const sp = page.getByTestId('sso-service-provider');
    expect(await sp.getByText(`${baseUrl}/api/auth/saml/${companyId}/acs`).isVisible()).toBe(true);
    await settle(page);
    await checkAccessibility(page, 'the SAML single sign-on page');
    await shoot(page, '98-sso-saml-1440');

    // Our metadata downloads.
    const metadata = await fetch(`${baseUrl}/api/auth/saml/${companyId}/metadata`);
    expect(await metadata.text()).toContain(`${baseUrl}/api/auth/saml/${companyId}/acs`);

    await phone.reload();
    await expect.poll(() => phone.getByTestId('saml-form').isVisible(), { timeout: 20_000 }).toBe(true);
    await settle(phone);
    await checkAccessibility(phone, 'the SAML single sign-on page at 390 px');
    await shoot(phone, '98-sso-saml-390');
    // The Azure page at 390 px too (it now says the SAML provider is the one set up).
    await phone.goto(`${baseUrl}/settings/integrations/azuresso/`);
    await expect.poll(() => phone.getByTestId('azuresso-form').isVisible(), { timeout: 20_000 }).toBe(true);
    await settle(phone);
    await checkAccessibility(phone, 'the Azure single sign-on page at 390 px');
    await shoot(phone, '97-sso-azure-390');
    await page.context().close();
    await phone.context().close();
  });

  it('a manager of the domain signs in through the identity provider', async () => {
    const page = await newPageAt(browser, 1440);
    await page.goto(`${baseUrl}/auth/signin`);
    await page.getByTestId('signin-email').fill(ADMIN);
    await page.getByTestId('signin-continue').click();
    // The identity provider's own page.
    await page.waitForURL(`${idp.url}/sso?**`, { timeout: 20_000 });
    await shoot(page, '99-sso-idp-page');
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Its answer is POSTed to our ACS, which hands the app a one-time sign-in link.
    await page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/auth/'), {
      timeout: 30_000,
    });
    await shows(page, 'Ada Admin');
    await settle(page);
    await shoot(page, '99-sso-manager-signed-in-1440');
    await page.context().close();
  });

  it('an employee signs in to the learner app through the identity provider (390 px)', async () => {
    const page = await newPageAt(browser, 390);
    await page.goto(`${baseUrl}/learn/`);
    await shows(page, 'Does your company use single sign-on?');
    await checkAccessibility(page, 'the learner sign-in with single sign-on');
    await shoot(page, '99-sso-learner-signed-out-390');
    await page.getByLabel('Work email').fill(EMPLOYEE);
    await page.getByRole('button', { name: 'Sign in with your company account' }).click();
    await page.waitForURL(`${idp.url}/sso?**`, { timeout: 20_000 });
    await shoot(page, '99-sso-idp-page-390');
    await page.getByLabel('Email').fill(EMPLOYEE);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/learn/**`, { timeout: 30_000 });
    await shows(page, /Emma/);
    await shoot(page, '99-sso-learner-signed-in-390');
    await page.context().close();
  });

  it('an employee opens the shared link of an assessment and signs in through the identity provider', async () => {
    // A manually scheduled assessment: its access link, in a company with single sign-on, says sso=1.
    const { assessment } = await api<{ assessment: { id: string } }>(
      baseUrl,
      adminToken,
      'POST',
      `/companies/${companyId}/assessments`,
      {
        name: 'Harbour pulse',
        status: 'scheduled',
        templateIds: ['quick-pulse'],
        templateCustomized: false,
        questions: ['ph-shared-document-login'],
        userLists: [listId],
        channel: 1,
        scheduleType: -1,
        date: null,
        due: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        reminders_enabled: false,
        reminders_settings: { channel: 1, steps: [] },
        personalizeEnabled: false,
        personalizeData: { companyName: 'Fjord Shipping', companyDomain: DOMAIN, emailHR: `hr@${DOMAIN}` },
        introMessage: '',
      },
    );
    const view = await api<{ accessLink: string | null }>(
      baseUrl,
      adminToken,
      'GET',
      `/companies/${companyId}/assessments/${assessment.id}`,
    );
    expect(view.accessLink).toBe(`${baseUrl}/assessments/${assessment.id}?o=${companyId}&sso=1`);

    // The access page offers the company account first, under the heading, at both widths.
    for (const width of [1440, 390]) {
      const page = await newPageAt(browser, width);
      await page.goto(view.accessLink!);
      await page.waitForURL((url) => url.hash.startsWith(`#/access/${assessment.id}`), { timeout: 20_000 });
      const button = page.getByRole('button', { name: 'Sign in with your company account' });
      await expect.poll(() => button.isVisible(), { timeout: 20_000 }).toBe(true);
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      const buttonBox = await button.boundingBox();
      expect(buttonBox!.y).toBeGreaterThan(heading!.y + heading!.height);
      await checkAccessibility(page, `the assessment access page with single sign-on at ${width} px`);
      await shoot(page, `99-sso-access-link-${width}`);
      if (width === 1440) {
        await page.context().close();
        continue;
      }
      await button.click();
      await page.waitForURL(`${idp.url}/sso?**`, { timeout: 20_000 });
      await page.getByLabel('Email').fill(EMPLOYEE);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${baseUrl}/learn/**`, { timeout: 30_000 });
      await shows(page, 'Harbour pulse');
      await settle(page);
      await shoot(page, '99-sso-access-link-signed-in-390');
      await page.context().close();
    }
  });
});
