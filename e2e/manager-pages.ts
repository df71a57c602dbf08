import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './api.ts';

export interface ManagerPage {
  name: string;
  path: string;
  /** Who looks at it, when not the demo company's admin. */
  as?: string;
}

/** The demo partner admin (Northstar Security Partners). */
export const PARTNER_ADMIN = 'jordan.blake@northstar-partners.example';

type Rows<T> = { rows: T[] };

/** Every page of the manager app, with the demo company's real programs, lists and employees. */
export async function managerPages(baseUrl: string, token: string): Promise<ManagerPage[]> {
  const companies = await api<Array<{ company_id: string; company_name: string }>>(
    baseUrl,
    token,
    'GET',
    '/companies/my_companies',
  );
  const company = companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
  const get = <T>(url: string) => api<T>(baseUrl, token, 'GET', `/companies/${company}${url}`);
  type Program = { id: string; name: string; status: string };
  const trainings = (await get<Rows<Program>>('/automations')).rows;
  const training = trainings.find((t) => t.name.startsWith('Security basics'))!;
  const draft = trainings.find((t) => t.status === 'draft')!;
  const assessments = (await get<Rows<Program>>('/assessments')).rows;
  const assessment = assessments.find((a) => a.name.startsWith('Baseline'))!;
  const [area] = await get<Array<{ id: string }>>(`/assessments/${assessment.id}/threat-areas`);
  const list = (await get<Rows<{ id: string; name: string }>>('/lists')).rows.find(
    (l) => l.name === 'Finance',
  )!;
  const [employee] = (await get<Rows<{ email: string }>>(`/lists/${list.id}/users`)).rows;
  const [subject] = await get<Array<{ subject_id: string }>>('/subjects/latest');
  const email = encodeURIComponent(employee!.email);
  const view = `/assessment/${assessment.id}/view`;

  return [
    { name: 'dashboard', path: '/' },
    { name: 'trainings', path: '/trainings/' },
    { name: 'trainings-draft', path: '/trainings/draft/' },
    { name: 'training-detail', path: `/trainings/${training.id}/view/` },
    { name: 'training-employee', path: `/trainings/${training.id}/user/${email}/` },
    { name: 'training-wizard', path: '/trainings/create/' },
    { name: 'training-wizard-edit', path: `/trainings/edit/${draft.id}/` },
    { name: 'training-report', path: `/${company}/training-report/${training.id}/` },
    { name: 'training-users-report', path: `/${company}/training-users-report/${training.id}/` },
    { name: 'assessments', path: '/assessment/' },
    { name: 'assessment-overview', path: `${view}/` },
    { name: 'assessment-threat-areas', path: `${view}/threatAreas/` },
    { name: 'assessment-questions', path: `${view}/questions/` },
    { name: 'assessment-employees', path: `${view}/employees/` },
    { name: 'assessment-reminders', path: `${view}/reminders/` },
    { name: 'assessment-threat-area', path: `${view}/threatAreas/${area!.id.replace(/ /g, '_')}/` },
    { name: 'assessment-wizard', path: '/assessment/create/' },
    { name: 'employee-lists', path: '/users/' },
    { name: 'employee-list-create', path: '/users/create-list/' },
    { name: 'employee-import', path: '/users/import/' },
    { name: 'employee-list', path: `/users/list/${list.id}/` },
    { name: 'employee-list-rename', path: `/users/list/${list.id}/edit/` },
    { name: 'employee-list-add', path: `/users/list/${list.id}/add-users/` },
    { name: 'employee-detail', path: `/users/list/${list.id}/user/${email}/` },
    { name: 'catalog', path: '/catalog/' },
    { name: 'catalog-subject', path: `/catalog/subject/${subject!.subject_id}/` },
    { name: 'content', path: '/content/' },
    { name: 'reports', path: '/reports/' },
    { name: 'help', path: '/help/' },
    { name: 'embed', path: '/ppv/' },
    { name: 'settings-profile', path: '/settings/' },
    { name: 'settings-company', path: '/settings/company/' },
    { name: 'settings-subscriptions', path: '/settings/subscriptions/' },
    { name: 'settings-admins', path: '/settings/admins/' },
    { name: 'settings-email', path: '/settings/email/' },
    { name: 'settings-integrations', path: '/settings/integrations/' },
    { name: 'settings-integration-slack', path: '/settings/integrations/slack/' },
    { name: 'settings-integration-teams', path: '/settings/integrations/teams/' },
    { name: 'settings-integration-azure', path: '/settings/integrations/azure/' },
    { name: 'settings-integration-google', path: '/settings/integrations/google/' },
    { name: 'settings-integration-azuresso', path: '/settings/integrations/azuresso/' },
    { name: 'settings-integration-saml', path: '/settings/integrations/saml/' },
    { name: 'settings-apikeys', path: '/settings/apikeys/' },
    { name: 'settings-audit', path: '/settings/audit/' },
    { name: 'infosec-board', path: '/infosec/' },
  ];
}

/** The partner area's pages as the demo partner admin sees them, with one of its customers. */
export async function partnerPages(baseUrl: string, partnerToken: string): Promise<ManagerPage[]> {
  const user = await api<{ superForAccounts: Array<{ id: string }> }>(
    baseUrl,
    partnerToken,
    'GET',
    '/auth/user',
  );
  const partner = user.superForAccounts[0]!.id;
  const { rows } = await api<Rows<{ company_id: string }>>(
    baseUrl,
    partnerToken,
    'GET',
    `/partners/${partner}/companies?page=1`,
  );
  const { packages } = await api<{ packages: Array<{ id: string }> }>(
    baseUrl,
    partnerToken,
    'GET',
    '/data/manager/packages',
  );
  const base = `/partner/${partner}`;
  return [
    { name: 'partner-companies', path: `${base}/companies/` },
    { name: 'partner-new-company', path: `${base}/companies/new/` },
    { name: 'partner-company', path: `${base}/companies/${rows[0]!.company_id}/` },
    { name: 'partner-payments', path: `${base}/payments/` },
    // The card form for the dues opens while any are due.
    { name: 'partner-pay-with-card', path: `${base}/payments/?pay=card` },
    { name: 'partner-resources', path: `${base}/resources/` },
    ...(packages[0] ? [{ name: 'assign-package', path: `/packages/${packages[0].id}/assign/` }] : []),
  ]
    .map((page) => ({ ...page, as: PARTNER_ADMIN }))
    .concat({ name: 'admin-partners', path: '/admin/partners/', as: 'riley.quinn@vigil.example' });
}

/** Waits until the page has its data: no request in flight, no loader or skeleton on screen. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const scrolledTo = await page.evaluate(() => window.scrollY);
  // Parts below the fold render when scrolled near (the dashboard's lower panels): scrolled through,
  // each comes in and is checked with the rest of the page.
  await expect
    .poll(
      async () => {
        // Step through the page as a reader would: a jump to the end passes panels between without
        // bringing them near.
        for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 400) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await page.waitForTimeout(50);
        }
        return page
          .locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible]:visible')
          .count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
  await page.evaluate((y) => window.scrollTo(0, y), scrolledTo);
  // Modals and menus fade in; axe would measure contrast half-way through the transition.
  await page.waitForTimeout(400);
}
