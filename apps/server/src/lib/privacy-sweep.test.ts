/**
 * Anonymous tracking swept over every report, export and screen that shows employees (lib/privacy.ts):
 * in a company that tracks anonymously, with employees who have progress and assessment answers, no
 * response of any manager GET (and no personal file or link) carries an employee's name or email.
 * Every GET route of a company is either swept here or named as not about tracked employees, so a new
 * report cannot slip past.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '@vigil/shared';
import {
  employees,
  interactiveResults,
  phishingCampaigns,
  phishingDeliveries,
  phishingEvents,
  phishingInteractions,
  phishingReportedMails,
  trainingDeliveries,
  trainingEvents,
  trainingProgress,
} from '../db/schema/index.ts';
import { seedAssessment, type SeededAssessment } from '../test/assessment-reports.fixture.ts';
import { hasPoppler, pdfText } from './pdf/pdf-test-utils.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/harness.ts';

/**
 * GET routes of a company that are not about tracked employees, with why. The employee directory
 * (a list's members) is how managers choose who gets campaigns: it keeps names and emails (spec 3 §2.1
 * hides the per-user details, not the list's members).
 */
const NOT_ABOUT_TRACKED_EMPLOYEES = new Map<string, string>([
  ['/api/companies/:id', 'the company itself'],
  ['/api/companies/:id/logo', "the company's logo"],
  ['/api/companies/:id/features', "the company's feature settings and branding (super-admins)"],
  ['/api/companies/:id/favicon', "the company's favicon"],
  ['/api/companies/:id/managers', "the company's managers (Settings → Admins), not its employees"],
  ['/api/download/certificate/preview', 'a sample certificate for "Alex Example"'],
  ['/api/companies/:id/download/certificate/preview', 'a sample certificate for "Alex Example"'],
  ['/api/companies/:id/lists/:listId/users', 'the employee directory: who is in a list'],
  ['/api/companies/:id/automations/audience', 'a count of the chosen lists'],
  ['/api/companies/:id/categories', 'content'],
  ['/api/companies/:id/content', 'content'],
  ['/api/companies/:id/questions', 'content'],
  ['/api/companies/:id/questions/:questionId', 'content'],
  ['/api/companies/:id/subjects/:subjectId', 'content'],
  ['/api/companies/:id/resources/posters', 'content'],
  ['/api/companies/:id/resources/stickers', 'content'],
  ['/api/companies/:id/templates', 'content'],
  ['/api/companies/:id/threat-areas', 'content'],
  ['/api/companies/:id/apikeys', "the company's API keys"],
  ['/api/companies/:id/scim/tokens', "the company's SCIM tokens"],
  ['/api/companies/:id/integrations', 'the directory connections: their state and last sync'],
  ['/api/companies/:id/integrations/:product', 'a directory connection (credentials never returned)'],
  ['/api/companies/:id/integrations/azuresso', "the company's identity provider (single sign-on)"],
  ['/api/companies/:id/integrations/saml', "the company's identity provider (single sign-on)"],
  ['/api/companies/:id/integrations/:product/groups', 'the directory: its groups, as the employee directory'],
  [
    '/api/companies/:id/integrations/:product/syncs',
    'the directory syncs: counts, as the employee directory',
  ],
  [
    '/api/companies/:id/integrations/:product/syncs/:syncId',
    'one directory sync: who it added or removed, as the employee directory does',
  ],
  ['/api/companies/:id/integrations/google/logs', "the Google sync log: the directory's changes"],
  ['/api/companies/:id/integrations/chat/channels', 'whether Slack and Teams are available and connected'],
  ['/api/companies/:id/integrations/slack', 'the Slack connection: workspace name and welcome toggle'],
  ['/api/companies/:id/integrations/teams', 'the Teams connection: tenant and toggle'],
  ['/api/companies/:id/webhooks', "the company's webhook endpoints"],
  ['/api/companies/:id/email_settings', "the company's mail texts"],
  [
    '/api/companies/:id/webhooks/:endpointId/deliveries',
    'status and answers of deliveries, not their payloads',
  ],
  ['/api/companies/:id/subscriptions', "the company's plan, seats and billing dates"],
  ['/api/companies/:id/subscriptions/plans', 'the plans on sale and the seats in use'],
  ['/api/companies/:id/subscriptions/braintreetoken', "the payment provider's client token"],
  ['/api/companies/:id/subscriptions/canBeRemoved', 'counts of running campaigns'],
  [
    '/api/companies/:id/subscriptions/invoices',
    "the company's invoices (its billing contact, not employees)",
  ],
  ['/api/companies/:id/subscriptions/invoices/:invoiceId/pdf', "an invoice of the company's"],
  ['/api/companies/:id/ppv', "the company's pay-per-view: key, domains, views"],
  ['/api/companies/:id/ppv/videos', 'content, with embed views per video'],
  ['/api/companies/:id/ppv/videos/:subjectId', 'content, with embed views per video'],
  [
    '/api/companies/:id/ppv_log',
    "the embed player's views log: visitors of the company's pages, not employees",
  ],
  [
    '/api/companies/:id/ppv/export/',
    "the embed player's views log: visitors of the company's pages, not employees",
  ],
  ['/api/companies/:id/ppv_transactions', 'views bought'],
  ['/api/companies/:id/automations/scorm', 'SCORM programs: names and launch counts, no employee'],
  ['/api/companies/:id/assessments/scorm', 'SCORM assessments: names and launch counts, no employee'],
  ['/api/companies/:id/automations/:trainingId/package', "a package zip: the program's content and key"],
  ['/api/companies/:id/assessments/:assessmentId/package', "a package zip: the assessment's key"],
  ['/api/companies/:id/phishing/audience', 'how many employees some lists hold'],
  ['/api/companies/:id/phishing-templates', 'the phishing template library and the company templates'],
  ['/api/companies/:id/phishing-templates/custom', "the company's own phishing templates"],
  ['/api/companies/:id/phishing-templates/:templateId/preview', 'a template with sample values'],
  ['/api/companies/:id/phishing-senders', "the company's sender domains"],
  ['/api/companies/:id/phishing/reporting', "the company's report address, add-in key and security address"],
  [
    '/api/companies/:id/phishing/deliverability',
    'what to allow-list: our sending address, ranges and headers',
  ],
  ['/api/companies/:id/cmi5', 'cmi5 packages: their units, questions and launch counts'],
  ['/api/companies/:id/cmi5/:packageId', 'a cmi5 package: its units, questions and launch counts'],
  ['/api/companies/:id/cmi5/:packageId/download', "a package zip: the package's content and key"],
  ['/api/companies/:id/audit', "managers' own changes, with the ids of their calls (the directory's too)"],
  [
    '/api/companies/:id/audit/csv',
    "managers' own changes, with the ids of their calls (the directory's too)",
  ],
]);

/** Every GET route, read from Fastify's printed tree (four characters a level), company ids as `:id`. */
function getRoutes(t: TestApp): string[] {
  const printed = t.app.server.printRoutes({ commonPrefix: false, method: 'GET' });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const at = line.search(/[^\s│├└─]/);
    if (at < 0) continue;
    const depth = (at - 4) / 4;
    stack.length = depth;
    stack.push(line.slice(at).replace(/ \(.*\)$/, ''));
    routes.push(stack.join(''));
  }
  return routes.map(sameCompanyParam);
}

const sameCompanyParam = (route: string) => route.replace(/:id\|:companyId|:companyId/, ':id');

describe.each(testDatabases())('anonymous tracking sweep (%s)', (kind) => {
  let t: TestApp;
  let a: SeededAssessment;
  let companyId: string;
  let trainingId: string;
  let phishingId: string;
  let reportedMailId: string;
  let admin: Record<string, string>;
  /** Every name and email of the company's employees, which no body may contain. */
  let identities: string[];
  /** The routes the sweep called, as registered (with :params). */
  const swept = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    const company = await createCompany(db, { name: 'Sweep Holdings' });
    companyId = company.id;
    // A super-admin who is the company's admin: the most anyone may see.
    const manager = await createManager(db, { superAdmin: true });
    await addMember(db, companyId, manager.id, 1);
    admin = bearer(await signIn(t, manager.id));

    // Five employees in two lists, three of whom finished the assessment with answers.
    a = await seedAssessment(db, companyId, 'Sweep check');
    const started = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/automations`,
      headers: admin,
      payload: sendNowProgram(
        'Sweep training',
        ['spot-the-phish', 'interactive-invoice-inbox'],
        [a.lists.sales, a.lists.ops],
      ),
    });
    expect(started.statusCode, started.body).toBe(200);
    trainingId = started.json<{ automation: { id: string } }>().automation.id;
    // The first batch went out to everyone; Alice finished it (an interactive scene recorded), Bob opened it.
    const [event] = await db.select().from(trainingEvents).where(eq(trainingEvents.trainingId, trainingId));
    const ids = Object.values(a.employees);
    await db
      .insert(trainingDeliveries)
      .values(
        ids.map((employeeId) => ({ eventId: event!.id, trainingId, companyId, employeeId, channel: 1 })),
      )
      .onConflictDoNothing();
    await db
      .update(trainingDeliveries)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(trainingDeliveries.trainingId, trainingId));
    await db.insert(trainingProgress).values([
      {
        trainingId,
        companyId,
        employeeId: a.employees.alice,
        subjectId: 'spot-the-phish',
        openedAt: new Date(),
        finishedAt: new Date(),
      },
      {
        trainingId,
        companyId,
        employeeId: a.employees.alice,
        subjectId: 'interactive-invoice-inbox',
        openedAt: new Date(),
        lastDecision: true,
        finishedAt: new Date(),
      },
      {
        trainingId,
        companyId,
        employeeId: a.employees.bob,
        subjectId: 'spot-the-phish',
        openedAt: new Date(),
      },
    ]);

    await db.insert(interactiveResults).values({
      trainingId,
      companyId,
      employeeId: a.employees.alice,
      subjectId: 'interactive-invoice-inbox',
      sceneId: 'invoice-email',
      found: ['lookalike-sender'],
      choice: 'report',
      correct: true,
    });

    // A phishing simulation sent to everyone: Alice clicked and submitted, Bob reported, a scanner hit Cy.
    const [phish] = await db
      .insert(phishingCampaigns)
      .values({ companyId, name: 'Sweep phish', status: 'active', templateIds: ['corrected-invoice'] })
      .returning();
    phishingId = phish!.id;
    const [phishEvent] = await db
      .insert(phishingEvents)
      .values({ companyId, campaignId: phishingId, type: 1, position: 0, sendAt: new Date(), status: 'sent' })
      .returning();
    const phishRows = await db
      .insert(phishingDeliveries)
      .values(
        Object.values(a.employees).map((employeeId) => ({
          eventId: phishEvent!.id,
          campaignId: phishingId,
          companyId,
          employeeId,
          channel: 1,
          status: 'sent' as const,
          sentAt: new Date(),
          templateId: 'corrected-invoice',
          mailLanguage: 'en',
          listIds: [a.lists.sales],
        })),
      )
      .returning();
    const phishOf = (employeeId: string) => phishRows.find((r) => r.employeeId === employeeId)!;
    const interaction = (employeeId: string, kind: 'clicked' | 'submitted' | 'reported' | 'scanner') => ({
      deliveryId: phishOf(employeeId).id,
      companyId,
      campaignId: phishingId,
      employeeId,
      kind,
    });
    await db
      .insert(phishingInteractions)
      .values([
        interaction(a.employees.alice, 'clicked'),
        interaction(a.employees.alice, 'submitted'),
        interaction(a.employees.bob, 'reported'),
        interaction(Object.values(a.employees)[2]!, 'scanner'),
      ]);
    // Alice forwarded a real suspicious mail: her address and name stand in its headers and quoted text.
    const [alice] = await db.select().from(employees).where(eq(employees.id, a.employees.alice));
    const forwardedHeaders = `From: ${alice!.name} <${alice!.email}>\r\nTo: report@sweep.example\r\nSubject: Fwd: Your parcel`;
    const forwardedText = `${alice!.name} wrote:\n> From: Parcel Desk <desk@parcel.example>\n> Pay the customs fee.`;
    const [reported] = await db
      .insert(phishingReportedMails)
      .values({
        companyId,
        channel: 'address',
        employeeId: alice!.id,
        reporterEmail: alice!.email,
        fromAddress: 'desk@parcel.example',
        subject: 'Fwd: Your parcel',
        headers: forwardedHeaders,
        text: forwardedText,
        raw: `${forwardedHeaders}\r\n\r\n${forwardedText}`,
      })
      .returning();
    reportedMailId = reported!.id;

    const people = await db
      .select({ email: employees.email, name: employees.name })
      .from(employees)
      .where(eq(employees.companyId, companyId));
    identities = people.flatMap((p) => [p.email, p.name]).filter(Boolean);
    expect(identities).toContain('alice@staff.example');

    const switched = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/switchTrackingAnonymous`,
      headers: admin,
    });
    expect(switched.statusCode, switched.body).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** What went wrong, every call checked before the test fails: `route?query: problem`. */
  const problems: string[] = [];

  /**
   * Calls `route` (its params filled in) and returns the body as text, PDFs as their text; a status
   * other than `status` is noted as a problem.
   */
  async function body(
    route: string,
    params: Record<string, string> = {},
    opts: { query?: string; method?: 'GET' | 'POST'; status?: number } = {},
  ): Promise<string> {
    swept.add(route);
    const url = route.replace(/:(\w+)/g, (_, name: string) => {
      const value = { id: companyId, companyId, trainingId, phishingId, assessmentId: a.id, ...params }[name];
      if (!value) throw new Error(`No value for :${name} in ${route}`);
      return encodeURIComponent(value);
    });
    const res = await t.inject({
      method: opts.method ?? 'GET',
      url: `${url}${opts.query ? `?${opts.query}` : ''}`,
      headers: { ...admin, 'x-company-id': companyId },
    });
    const where = `${opts.method ?? 'GET'} ${route}${opts.query ? `?${opts.query}` : ''}`;
    if (res.statusCode !== (opts.status ?? 200)) problems.push(`${where}: status ${res.statusCode}`);
    const text =
      res.headers['content-type']?.toString().startsWith('application/pdf') && hasPoppler
        ? pdfText(res.rawPayload)
        : res.body;
    const named = identities.filter((who) => text.toLowerCase().includes(who.toLowerCase()));
    if (named.length) problems.push(`${where}: shows ${named.join(', ')}`);
    return text;
  }

  it('shows no employee in any report, export or screen', async () => {
    const c = '/api/companies/:id';
    const training = `${c}/automations/:trainingId`;
    const assessment = `${c}/assessments/:assessmentId`;
    const areas = JSON.parse(await body(`${assessment}/threat-areas`)) as { id: string }[];
    const areaId = areas[0]!.id;
    const deliveries = JSON.parse(await body(`${training}/deliveries`)) as { id: string }[];
    expect(deliveries.length).toBeGreaterThan(0);
    const invitations = JSON.parse(await body(`${assessment}/deliveries`)) as { id: string }[];
    expect(invitations.length).toBeGreaterThan(0);
    const lists = `${c}/lists/:listId`;
    const phishing = `${c}/phishing/:phishingId`;
    const phishingEvents_ = JSON.parse(await body(`${phishing}/deliveries`)) as { id: string }[];

    const calls: [string, Record<string, string>?, { query?: string; method?: 'GET' | 'POST' }?][] = [
      // The dashboard and the calendar.
      [`${c}/statistics/status`],
      [`${c}/dashboard/trainings`],
      [`${c}/dashboard/assessments`],
      [`${c}/events`, {}, { query: 'm=2026-03' }],
      [`${c}/subjects/latest`],
      // Trainings: lists, detail, tables, delivery status, report data, PDFs.
      [`${c}/automations`],
      [`${c}/automations/latest`],
      [training],
      [`${training}/lessons`],
      [`${training}/lessons/:subjectId/flags`, { subjectId: 'interactive-invoice-inbox' }],
      [`${training}/lists`],
      ...['all', 'completed', 'notCompleted', 'bounced'].map(
        (filter): [string, Record<string, string>, { query: string }] => [
          `${training}/employees`,
          {},
          { query: `filter=${filter}&q=alice` },
        ],
      ),
      [`${training}/employees`],
      [`${training}/report`],
      [`${training}/report`, {}, { query: 'details=true' }],
      [`${training}/deliveries`],
      ...deliveries.map((d): [string, Record<string, string>] => [
        `${training}/deliveries/:eventId/users`,
        { eventId: d.id },
      ]),
      [`${training}/deliveries/:eventId/users`, { eventId: deliveries[0]!.id }, { query: 'q=alice' }],
      ['/api/companies/:companyId/trainings/:trainingId/report'],
      ['/api/companies/:companyId/trainings/:trainingId/report', {}, { query: 'users_details=1' }],
      // Assessments: lists, detail, every report tab and the lists file.
      [`${c}/assessments`],
      [`${c}/assessments/latest`],
      [assessment],
      [`${assessment}/reminders`],
      [`${assessment}/deliveries`],
      ...invitations.map((d): [string, Record<string, string>] => [
        `${assessment}/deliveries/:eventId/users`,
        { eventId: d.id },
      ]),
      [`${assessment}/overview`],
      [`${assessment}/risk-insights`],
      [`${assessment}/recommended-training`],
      [`${assessment}/threat-areas/:areaId`, { areaId }],
      [`${assessment}/key-behaviours`],
      [`${assessment}/list-scores`],
      [`${assessment}/lists`],
      [`${assessment}/lists`, {}, { query: 'csv=1' }],
      [`${assessment}/questions`],
      [`${assessment}/users`],
      ...['name', 'email', 'list', 'score', 'completed'].map(
        (order): [string, Record<string, string>, { query: string }] => [
          `${assessment}/users`,
          {},
          { query: `order=${order}&filter=alice` },
        ],
      ),
      ['/api/infosec/assessment/summary'],
      // Employees: lists and the employee detail.
      [`${c}/lists`],
      [lists, { listId: a.lists.sales }],
      [`${lists}/users/:email`, { listId: a.lists.sales, email: 'alice@staff.example' }],
      // Phishing simulations: list, detail, delivery status, results and their files, the dashboard.
      [`${c}/dashboard/phishing`],
      [`${c}/phishing`],
      [`${c}/phishing/latest`],
      [phishing],
      [`${phishing}/deliveries`],
      [`${phishing}/deliveries/:eventId/users`, { eventId: phishingEvents_[0]!.id }],
      [`${phishing}/results`],
      [`${phishing}/results.csv`],
      [`${phishing}/results.pdf`],
      [`${phishing}/employees`],
      [`${phishing}/employees`, {}, { query: 'q=alice&order=name' }],
      // The security team's reported mails: who reported one is hidden, even inside the forward.
      [`${c}/phishing/reported-mails`],
      [`${c}/phishing/reported-mails/:mailId`, { mailId: reportedMailId }],
      [`${c}/phishing/reported-mails/:mailId/raw`, { mailId: reportedMailId }],
      // The general overview report.
      ['/api/companies/:companyId/overview/report'],
      ['/api/companies/:companyId/overview/report', {}, { query: 'csv=1' }],
    ];
    for (const [route, params, opts] of calls) await body(route, params, opts);

    // Nameless rows stay: the Employees tab still counts and scores everyone (checked at the end).
    const users = JSON.parse(await body(`${assessment}/users`)) as {
      rows: { name: string }[];
      total: number;
    };

    // Files with a row per employee, one employee's pages and personal links are refused.
    const refused: [string, Record<string, string>?, { query?: string; method?: 'GET' | 'POST' }?][] = [
      ['/api/companies/:companyId/trainings/:trainingId/users_report/csv'],
      ['/api/companies/:companyId/trainings/:trainingId/users_detailed_report/csv'],
      ['/api/companies/:companyId/trainings/:trainingId/users/csv'],
      [`${assessment}/users`, {}, { query: 'csv=1' }],
      [`${assessment}/answers`, {}, { query: 'csv=1' }],
      [`${training}/users/:email`, { email: 'alice@staff.example' }],
      [`${training}/users/:email/mails/:mailId`, { email: 'alice@staff.example', mailId: randomUUID() }],
      [`${training}/users/:email/link`, { email: 'alice@staff.example' }, { method: 'POST' }],
      [`${assessment}/users/:email/link`, { email: 'alice@staff.example' }, { method: 'POST' }],
      [`${phishing}/employees.csv`],
      [`${phishing}/employees/:employeeId/timeline`, { employeeId: a.employees.alice }],
      [`${c}/phishing/employees/:employeeId`, { employeeId: a.employees.alice }],
    ];
    for (const [route, params, opts] of refused) {
      const text = await body(route, params, { ...opts, status: 403 });
      if (!text.includes(PRIVACY_MESSAGES.anonymous)) problems.push(`${route}: not refused for anonymity`);
    }
    expect(problems).toEqual([]);
    expect(users.total).toBe(5);
    expect(users.rows.map((r) => r.name)).toEqual(['', '', '', '', '']);

    // Nor an order by who people are (a roster would name the rows): they come in the random ids' order.
    const byId = Object.entries(a.employees)
      .sort(([, x], [, y]) => (x < y ? -1 : 1))
      .map(([key]) => (key === 'alice' ? 'finished' : key === 'bob' ? 'opened' : 'not started'));
    const trainingRows = JSON.parse(await body(`${training}/employees`)) as {
      rows: { started: boolean; completedDate: string | null }[];
    };
    expect(
      trainingRows.rows.map((r) => (r.completedDate ? 'finished' : r.started ? 'opened' : 'not started')),
    ).toEqual(byId);

    // A search by who someone is would point at their row: it is not applied.
    const totalOf = async (route: string, query: string) =>
      (
        JSON.parse(
          await body(
            route,
            { eventId: route.startsWith(assessment) ? invitations[0]!.id : deliveries[0]!.id },
            {
              query,
            },
          ),
        ) as { total: number }
      ).total;
    for (const [route, search] of [
      [`${assessment}/deliveries/:eventId/users`, 'q'],
      [`${assessment}/users`, 'filter'],
      [`${training}/employees`, 'q'],
      [`${training}/deliveries/:eventId/users`, 'q'],
    ] as const)
      expect(await totalOf(route, `${search}=alice`), route).toBe(await totalOf(route, `${search}=`));
  });

  it('sweeps every GET route of a company', () => {
    const routes = getRoutes(t).filter(
      (r) =>
        r.startsWith('/api/companies/:') || r.startsWith('/api/infosec') || r.startsWith('/api/download'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const sweptRoutes = new Set([...swept].map(sameCompanyParam));
    const missing = routes.filter((r) => !sweptRoutes.has(r) && !NOT_ABOUT_TRACKED_EMPLOYEES.has(r));
    expect(missing).toEqual([]);
  });
});
