import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from '@vigil/shared';
import {
  auditLog,
  companies,
  companySubscriptions,
  creditPackages,
  partnerAccounts,
  partnerDues,
  trainings,
} from '../../db/schema/index.ts';
import { systemScope } from '../../lib/scope.ts';
import { insertList, upsertIntoList } from '../employees/employees.service.ts';
import { TEST_CARDS } from '../billing/test-provider.ts';
import { addMember, bearer, createManager, createPartner, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';

const YEAR = 365 * 86_400_000;

describe.each(testDatabases())('partner area on %s', (kind) => {
  let t: TestApp;
  let partnerId: string;
  let partnerToken: string;
  let superToken: string;
  let superId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    const partnerAdmin = await createManager(db, { email: 'pa@northstar.example' });
    const partner = await createPartner(db, partnerAdmin.id, 'Northstar');
    partnerId = partner.id;
    await db.update(partnerAccounts).set({ planCode: 'business' }).where(eq(partnerAccounts.id, partnerId));
    const superAdmin = await createManager(db, { email: 'root@vigil.example', superAdmin: true });
    superId = superAdmin.id;
    [partnerToken, superToken] = await Promise.all([signIn(t, partnerAdmin.id), signIn(t, superAdmin.id)]);
    // A loaded machine takes long to migrate a fresh database.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.inject({ method, url: `/api${url}`, headers: { ...bearer(token), ...headers }, payload });
  const p = (url: string) => `/partners/${partnerId}${url}`;
  const form = (over: object = {}) => ({
    companyName: 'Acme Corp',
    subscriptionCode: 'business',
    seats: 40,
    valid: 12,
    ...over,
  });
  async function create(name: string, over: object = {}) {
    const res = await call('POST', p('/companies'), partnerToken, form({ companyName: name, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ company_id: string }>().company_id;
  }
  async function addEmployees(companyId: string, n: number) {
    const scope = systemScope(companyId, 'test');
    const listId = await insertList(t.ctx.db, scope, `List ${n}`);
    await upsertIntoList(
      t.ctx.db,
      scope,
      listId,
      Array.from({ length: n }, (_, i) => ({
        email: `e${i}@${companyId.slice(0, 8)}.example`,
        name: `E ${i}`,
        unit: '',
        tags: [],
      })),
      'manual',
    );
  }
  const runTraining = async (companyId: string) =>
    (
      await t.ctx.db.insert(trainings).values({ companyId, name: 'Running', status: 'active' }).returning()
    )[0]!;

  it('offers the plans up to the partner plan, with monthly tiers', async () => {
    const res = await call('GET', p('/plans'), partnerToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().plans.map((x: { code: string }) => x.code)).toEqual(['free', 'essentials', 'business']);
    expect(res.json().partnerPlan).toEqual({ code: 'business', name: 'Business' });
  });

  it('creates a customer with the form, applies the free plan rule and refuses what is invalid', async () => {
    const res = await call('POST', p('/companies'), partnerToken, form());
    expect(res.statusCode).toBe(201);
    const detail = res.json();
    expect(detail).toMatchObject({
      company_name: 'Acme Corp',
      partnerId,
      users_total: 0,
      activeTrainings: 0,
      activeAssessments: 0,
      subscription: { code: 'business', name: 'Business', seats: 40, active: true, price: 9900 },
    });
    const validTo = Date.parse(detail.subscription.validTo);
    expect(Math.abs(validTo - Date.now() - YEAR)).toBeLessThan(2 * 86_400_000);

    const free = await call(
      'POST',
      p('/companies'),
      partnerToken,
      form({ companyName: 'Free Co', subscriptionCode: 'free', seats: 99, valid: 1 }),
    );
    expect(free.json().subscription).toMatchObject({ code: 'free', seats: 10, price: 0, free: true });
    expect(Date.parse(free.json().subscription.validTo) - Date.now()).toBeGreaterThan(90 * YEAR);

    const custom = await call(
      'POST',
      p('/companies'),
      partnerToken,
      form({ companyName: 'Custom Co', valid: -1, validTill: '2031-03-04' }),
    );
    expect(custom.json().subscription.validTo.slice(0, 10)).toBe('2031-03-04');

    const empty = await call('POST', p('/companies'), partnerToken, {
      companyName: '',
      subscriptionCode: '',
      seats: 0,
    });
    expect(empty.statusCode).toBe(400);
    const messages = empty.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        PARTNER_MESSAGES.companyNameRequired,
        PARTNER_MESSAGES.tierRequired,
        PARTNER_MESSAGES.seatsRequired,
        PARTNER_MESSAGES.timespanRequired,
      ]),
    );
    const taken = await call('POST', p('/companies'), partnerToken, form({ companyName: 'ACME corp' }));
    expect(taken.statusCode).toBe(409);
    const premium = await call(
      'POST',
      p('/companies'),
      partnerToken,
      form({ companyName: 'Premium Co', subscriptionCode: 'premium' }),
    );
    expect(premium.statusCode).toBe(400);
    expect(premium.json().errors[0].message).toBe(PARTNER_MESSAGES.planNotOffered);
  });

  it('lists 20 a page by name, searches case-insensitively, and shows each column', async () => {
    for (let i = 0; i < 22; i++) await create(`Bulk ${String(i).padStart(2, '0')}`, { seats: 5 });
    const expired = await create('Zulu Expired');
    await t.ctx.db
      .update(companySubscriptions)
      .set({ validTo: new Date(Date.now() - 86_400_000) })
      .where(eq(companySubscriptions.companyId, expired));
    await addEmployees(expired, 3);

    const first = await call('GET', p('/companies?page=1'), partnerToken);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.pageSize).toBe(20);
    expect(page.rows).toHaveLength(20);
    const names = page.rows.map((r: { company_name: string }) => r.company_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(page.total).toBe(26);

    const search = await call('GET', p('/companies?search=zULU'), partnerToken);
    expect(search.json().rows).toEqual([
      {
        company_id: expired,
        company_name: 'Zulu Expired',
        subscriptionName: 'Business',
        subscriptionCode: 'business',
        allowedUsers: 40,
        userCount: 3,
        valid_to: expect.any(String),
        price: 9900,
        active: false,
      },
    ]);
    // The user menu's older parameter name still searches.
    expect((await call('GET', p('/companies?q=zulu'), partnerToken)).json().total).toBe(1);
    // The last page, a page past the end and a search finding nothing still count every match.
    const last = (await call('GET', p('/companies?page=2'), partnerToken)).json();
    expect([last.rows.length, last.total]).toEqual([6, 26]);
    const past = (await call('GET', p('/companies?page=9'), partnerToken)).json();
    expect([past.rows.length, past.total]).toEqual([0, 26]);
    const none = (await call('GET', p('/companies?search=no-such'), partnerToken)).json();
    expect([none.rows.length, none.total]).toEqual([0, 0]);
  });

  it('estimates the company and partner totals', async () => {
    const before = (await call('GET', p('/overview'), partnerToken)).json();
    const res = await call('POST', p('/estimate'), partnerToken, { subscriptionCode: 'business', seats: 60 });
    expect(res.statusCode).toBe(200);
    const business = before.rows.find((r: { planCode: string }) => r.planCode === 'business');
    expect(res.json()).toEqual({
      newCompanyTotal: 17900,
      newPartnerTotal: before.sumMonthlyCost + 17900,
      newPartnerTotalForPlan: business.totalMonthlyCost + 17900,
      newPartnerSubscriptionSeats: business.totalSeats + 60,
      currencyCode: 'EUR',
    });
  });

  it('refuses seats below the employees in use and blocks plan changes while campaigns run', async () => {
    const id = await create('Seats Co', { seats: 20 });
    await addEmployees(id, 12);
    const check = await call('POST', p(`/companies/${id}/can-edit`), partnerToken, {
      subscriptionCode: 'business',
      newSeats: 10,
    });
    expect(check.json()).toEqual({
      canBeEdited: false,
      activeTrainings: 0,
      activeAssessments: 0,
      removeEmployees: 2,
      removeSeats: 0,
    });
    const refused = await call(
      'PUT',
      p(`/companies/${id}/subscription`),
      partnerToken,
      form({ companyName: 'Seats Co', seats: 10 }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(PARTNER_MESSAGES.unableToChangeSeats);

    const changed = await call(
      'PUT',
      p(`/companies/${id}/subscription`),
      partnerToken,
      form({ companyName: 'Seats Co', seats: 50, valid: -1, validTill: '2030-01-01' }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({ seats: 50, validTo: '2030-01-01T00:00:00.000Z' });

    await runTraining(id);
    const toFree = await call('POST', p(`/companies/${id}/can-edit`), partnerToken, {
      subscriptionCode: 'free',
      newSeats: 10,
    });
    // The free plan has training subjects, so a running program does not block it; the employees do.
    expect(toFree.json()).toMatchObject({ canBeEdited: false, removeEmployees: 2 });
  });

  it('deactivates, reactivates and deletes only without running campaigns', async () => {
    const id = await create('Lifecycle Co');
    const training = await runTraining(id);
    const removable = await call('GET', p(`/companies/${id}/can-be-removed`), partnerToken);
    expect(removable.json()).toEqual({ canBeRemoved: false, activeTrainings: 1, activeAssessments: 0 });
    const noDeactivate = await call('PUT', p(`/companies/${id}/deactivate`), partnerToken);
    expect(noDeactivate.statusCode).toBe(409);
    expect(noDeactivate.json().error).toBe(PARTNER_MESSAGES.unableToDeactivate);
    const noDelete = await call('DELETE', p(`/companies/${id}`), partnerToken);
    expect(noDelete.statusCode).toBe(409);
    expect(noDelete.json().error).toBe(PARTNER_MESSAGES.unableToDelete);
    expect(noDelete.json().description).toContain('1 active training programs');

    await t.ctx.db.update(trainings).set({ status: 'completed' }).where(eq(trainings.id, training.id));
    const off = await call('PUT', p(`/companies/${id}/deactivate`), partnerToken);
    expect(off.statusCode).toBe(200);
    expect(off.json().subscription.active).toBe(false);
    const on = await call('PUT', p(`/companies/${id}/reactivate`), partnerToken, { valid: 3 });
    expect(on.json().subscription.active).toBe(true);
    const gone = await call('DELETE', p(`/companies/${id}`), partnerToken);
    expect(gone.statusCode).toBe(204);
    expect((await call('GET', p(`/companies/${id}`), partnerToken)).statusCode).toBe(404);
  });

  it('renames, sets the default language and the colour', async () => {
    const id = await create('Rename Co');
    const short = await call('PUT', p(`/companies/${id}`), partnerToken, { companyName: 'Abc' });
    expect(short.statusCode).toBe(400);
    const res = await call('PUT', p(`/companies/${id}`), partnerToken, {
      companyName: 'Renamed Co',
      defaultLanguage: 'de',
    });
    expect(res.json()).toMatchObject({ company_name: 'Renamed Co', defaultLanguage: 'de' });
    const colour = await call('PUT', p(`/companies/${id}/branding`), partnerToken, {
      primaryColor: '#123456',
    });
    expect(colour.json().primaryColor).toBe('#123456');
  });

  it("adds the customer's admin, who sees only that company, and removes them", async () => {
    const id = await create('Managed Co');
    const added = await call('POST', p(`/companies/${id}/managers`), partnerToken, {
      name: 'Casey Admin',
      email: 'casey@managed.example',
      role: 1,
      sendWelcome: true,
    });
    expect(added.statusCode).toBe(200);
    const manager = added.json().managers.find((m: { email: string }) => m.email === 'casey@managed.example');
    expect(manager).toMatchObject({ name: 'Casey Admin', role: 1 });
    const mail = await t.waitForMail('casey@managed.example');
    expect(mail.text).toContain('/auth/email/signin/');
    const casey = await signIn(t, manager.userId);
    const mine = (await call('GET', '/companies/my_companies', casey)).json();
    expect(mine.map((c: { company_id: string }) => c.company_id)).toEqual([id]);
    expect((await call('GET', p('/companies'), casey)).statusCode).toBe(404);

    // The last admin stays; add another, then remove Casey.
    await call('POST', p(`/companies/${id}/managers`), partnerToken, {
      name: 'Dana',
      email: 'dana@managed.example',
      role: 1,
    });
    const removed = await call('DELETE', p(`/companies/${id}/managers/${manager.userId}`), partnerToken);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().managers.map((m: { email: string }) => m.email)).toEqual(['dana@managed.example']);
  });

  it("sets a customer's features only within the partner plan; integrations outside carry needsUpgrade", async () => {
    await t.ctx.db
      .update(partnerAccounts)
      .set({ planCode: 'essentials' })
      .where(eq(partnerAccounts.id, partnerId));
    try {
      const id = await create('Features Co', { subscriptionCode: 'essentials' });
      const got = (await call('GET', p(`/companies/${id}/features`), partnerToken)).json();
      expect(got.allowed.features.assessments).toBe(false);
      expect(got.allowed.integrations).toMatchObject({
        slack: false,
        teams: false,
        google: true,
        azure: true,
      });
      expect(got.needsUpgrade).toMatchObject({ slack: true, teams: true, google: false });
      const slack = await call('PUT', p(`/companies/${id}/features`), partnerToken, {
        integrations: { slack: true },
      });
      expect(slack.statusCode).toBe(403);
      const assessments = await call('PUT', p(`/companies/${id}/features`), partnerToken, {
        features: { assessments: true },
      });
      expect(assessments.statusCode).toBe(403);
      const off = await call('PUT', p(`/companies/${id}/features`), partnerToken, {
        integrations: { google: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().needsUpgrade.google).toBe(true);
      // The company's own view follows: Slack needs an upgrade there too.
      const company = (await call('GET', `/companies/${id}`, partnerToken)).json();
      expect(company.havePartnerSubscription).toBe(true);
    } finally {
      await t.ctx.db
        .update(partnerAccounts)
        .set({ planCode: 'business' })
        .where(eq(partnerAccounts.id, partnerId));
    }
  });

  it('shows dues, refuses to collect without a card, collects with one and then with the card on file', async () => {
    await t.ctx.db
      .insert(partnerDues)
      .values({ partnerAccountId: partnerId, description: 'October', amount: 12345 });
    const due = (await call('GET', p('/overview'), partnerToken)).json();
    expect(due).toMatchObject({
      totalDues: 12345,
      paymentState: 'due',
      collected: false,
      hasValidCard: false,
    });
    expect(due.dueSince).not.toBeNull();
    expect(due.rows.map((r: { planCode: string }) => r.planCode)).toEqual(
      expect.arrayContaining(['free', 'business']),
    );

    const noCard = await call('POST', p('/collect'), partnerToken, {});
    expect(noCard.statusCode).toBe(402);
    expect(noCard.json().description).toBe(PARTNER_MESSAGES.noCard);

    const card = await call('POST', p('/card'), partnerToken, {
      card: { number: TEST_CARDS.success, expiry: '12/34', cvc: '123' },
      amount: 12345,
    });
    expect(card.statusCode).toBe(200);
    const paid = await call('POST', p('/collect'), partnerToken, { paymentNonce: card.json().paymentNonce });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      totalDues: 0,
      collected: true,
      paymentState: 'ok',
      hasValidCard: true,
      paymentMethod: 'Visa •••• 4242',
    });

    await t.ctx.db
      .insert(partnerDues)
      .values({ partnerAccountId: partnerId, description: 'November', amount: 500 });
    const again = await call('POST', p('/collect'), partnerToken);
    expect(again.json()).toMatchObject({ totalDues: 0, collected: true });
    expect((await call('POST', p('/collect'), partnerToken)).statusCode).toBe(409);
    // The test provider has no billing portal.
    expect((await call('POST', p('/create_portal_session'), partnerToken)).json()).toEqual({ url: null });
  });

  it('assigns a credit to a new or an existing customer, with its CSRF token, once', async () => {
    const [pkg] = await t.ctx.db
      .insert(creditPackages)
      .values({ partnerAccountId: partnerId, planCode: 'business', seats: 25, months: 6 })
      .returning();
    const list = await call('GET', '/data/manager/packages', partnerToken);
    expect(list.statusCode).toBe(200);
    const { packages, csrf, companies: targets } = list.json();
    expect(packages).toEqual([
      expect.objectContaining({ id: pkg!.id, users: 25, company_name: 'Northstar', planCode: 'business' }),
    ]);
    expect(targets.length).toBeGreaterThan(20);
    expect((await call('GET', p('/credits'), partnerToken)).json().packages).toHaveLength(1);

    const body = { package_id: pkg!.id, new_company_name: 'Credit Co', _csrf: csrf };
    const noToken = await call('POST', '/data/manager/assignpackage', partnerToken, {
      ...body,
      _csrf: 'forged',
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error).toBe(PARTNER_MESSAGES.creditAssignFailed);
    const crossSite = await call('POST', '/data/manager/assignpackage', partnerToken, body, {
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    const short = await call('POST', '/data/manager/assignpackage', partnerToken, {
      ...body,
      new_company_name: 'ab',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].message).toBe(PARTNER_MESSAGES.assignNameTooShort);
    const taken = await call('POST', '/data/manager/assignpackage', partnerToken, {
      ...body,
      new_company_name: 'acme CORP',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: PARTNER_MESSAGES.creditAssignFailed,
      description: PARTNER_MESSAGES.assignNameTaken,
    });

    const ok = await call('POST', '/data/manager/assignpackage', partnerToken, body, {
      origin: 'http://localhost:3000',
    });
    expect(ok.statusCode).toBe(200);
    const companyId = ok.json().company_id;
    const detail = (await call('GET', p(`/companies/${companyId}`), partnerToken)).json();
    expect(detail).toMatchObject({
      company_name: 'Credit Co',
      subscription: { code: 'business', seats: 25, active: true },
    });
    const twice = await call('POST', '/data/manager/assignpackage', partnerToken, {
      ...body,
      new_company_name: 'Credit Two',
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().description).toBe(PARTNER_MESSAGES.packageNotFound);
    expect((await call('GET', '/data/manager/packages', partnerToken)).json().packages).toEqual([]);
  });

  it('lets a super-admin create partners and companies and attach them; each lands in the audit log', async () => {
    const partner = await call('POST', '/admin/partners', superToken, {
      name: 'Southwind Partners',
      planCode: 'premium',
      adminEmail: 'admin@southwind.example',
    });
    expect(partner.statusCode).toBe(201);
    const southwind = partner.json().id;
    const company = await call('POST', '/admin/companies', superToken, {
      companyName: 'Lone Company',
      adminEmail: 'owner@lone.example',
    });
    expect(company.statusCode).toBe(201);
    expect(company.json().partnerId).toBeNull();
    const attached = await call('PUT', `/admin/companies/${company.json().company_id}/partner`, superToken, {
      partnerId: southwind,
    });
    expect(attached.json().partnerId).toBe(southwind);
    const rows = (await call('GET', '/admin/partners', superToken)).json().rows;
    expect(rows.find((r: { id: string }) => r.id === southwind)).toMatchObject({
      companies: 1,
      planCode: 'premium',
    });
    expect((await call('GET', '/admin/partners', partnerToken)).statusCode).toBe(404);
    expect(
      (await call('POST', '/admin/companies', partnerToken, { companyName: 'Nope Co' })).statusCode,
    ).toBe(404);

    const audit = await t.ctx.db.select().from(auditLog);
    const actions = audit.map((a) => `${a.actorKind} ${a.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'superadmin POST /api/admin/partners',
        'superadmin POST /api/admin/companies',
        'superadmin PUT /api/admin/companies/:companyId/partner',
        'partner POST /api/partners/:partnerId/companies',
        'partner PUT /api/partners/:partnerId/companies/:companyId/subscription',
        'partner DELETE /api/partners/:partnerId/companies/:companyId',
        'partner POST /api/partners/:partnerId/collect',
      ]),
    );
    expect(audit.find((a) => a.action.endsWith('/admin/partners'))?.actorId).toBe(superId);
  });

  it('isolation sweep: another partner and a customer admin reach none of this partner’s routes', async () => {
    const db = t.ctx.db;
    const customerId = await create('Isolated Customer', { seats: 30 });
    await create('Secret Pricing Co', { seats: 300 });
    const customerAdmin = await createManager(db, { email: 'admin@isolated.example' });
    await addMember(db, customerId, customerAdmin.id, 1, true);
    const otherAdmin = await createManager(db, { email: 'pa@rival.example' });
    const rival = await createPartner(db, otherAdmin.id, 'Rival Partners');
    const [rivalCustomer] = await db
      .insert(companies)
      .values({ name: 'Rival Customer', partnerAccountId: rival.id })
      .returning();
    const [rivalCredit] = await db
      .insert(creditPackages)
      .values({ partnerAccountId: rival.id, planCode: 'business', seats: 5, months: 1 })
      .returning();
    const [ownCredit] = await db
      .insert(creditPackages)
      .values({ partnerAccountId: partnerId, planCode: 'business', seats: 5, months: 1 })
      .returning();
    const [rivalToken, customerToken] = await Promise.all([
      signIn(t, otherAdmin.id),
      signIn(t, customerAdmin.id),
    ]);

    const c = `/companies/${customerId}`;
    const form1 = form({ companyName: 'Hijack' });
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/overview'],
      ['GET', '/plans'],
      ['GET', '/companies'],
      ['POST', '/companies', form1],
      ['POST', '/estimate', { subscriptionCode: 'business', seats: 5 }],
      ['GET', c],
      ['PUT', c, { companyName: 'Hijacked Co' }],
      ['GET', `${c}/can-be-removed`],
      ['POST', `${c}/can-edit`, { subscriptionCode: 'business', newSeats: 5 }],
      ['PUT', `${c}/subscription`, form1],
      ['PUT', `${c}/deactivate`],
      ['PUT', `${c}/reactivate`, { valid: 12 }],
      ['DELETE', c],
      ['POST', `${c}/managers`, { name: 'Mallory', email: 'mallory@evil.example', role: 1 }],
      ['DELETE', `${c}/managers/${customerAdmin.id}`],
      ['PUT', `${c}/branding`, { primaryColor: '#000000' }],
      ['GET', `${c}/features`],
      ['PUT', `${c}/features`, { integrations: { slack: true } }],
      ['POST', '/card', { card: { number: TEST_CARDS.success, expiry: '12/34', cvc: '123' }, amount: 1 }],
      ['POST', '/collect', {}],
      ['POST', '/create_portal_session'],
      ['GET', '/credits'],
    ];
    for (const token of [rivalToken, customerToken]) {
      for (const [method, url, payload] of calls) {
        const res = await call(method, p(url), token, payload);
        expect([403, 404], `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
        expect(res.body).not.toContain('Secret Pricing Co');
        expect(res.body).not.toContain('Isolated Customer');
      }
    }
    // The rival's own account with this partner's customer in the path: still 404.
    for (const [method, url, payload] of calls.filter(([, url]) => url.startsWith('/companies/'))) {
      const res = await t.inject({
        method,
        url: `/api/partners/${rival.id}${url}`,
        headers: bearer(rivalToken),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The rival's list and overview hold only its own customer.
    const rivalList = await call('GET', `/partners/${rival.id}/companies`, rivalToken);
    expect(rivalList.json().rows.map((r: { company_name: string }) => r.company_name)).toEqual([
      'Rival Customer',
    ]);
    const rivalOverview = await call('GET', `/partners/${rival.id}/overview`, rivalToken);
    expect(rivalOverview.json().sumMonthlyCost).toBe(0);
    // The customer's admin sees its own company, not the partner's others.
    const mine = (await call('GET', '/companies/my_companies', customerToken)).json();
    expect(mine.map((x: { company_name: string }) => x.company_name)).toEqual(['Isolated Customer']);
    expect((await call('GET', `/companies/${rivalCustomer!.id}`, customerToken)).statusCode).toBe(404);

    // Credits: neither can see or assign this partner's package; the rival cannot assign to our customer.
    for (const token of [rivalToken, customerToken]) {
      const packs = (await call('GET', '/data/manager/packages', token)).json();
      expect(packs.packages.map((x: { id: string }) => x.id)).not.toContain(ownCredit!.id);
      expect(JSON.stringify(packs.companies)).not.toContain('Secret Pricing Co');
      const res = await call('POST', '/data/manager/assignpackage', token, {
        package_id: ownCredit!.id,
        company_id: customerId,
        _csrf: packs.csrf,
      });
      expect(res.statusCode).toBe(404);
    }
    const rivalCsrf = (await call('GET', '/data/manager/packages', rivalToken)).json().csrf;
    const intoOurs = await call('POST', '/data/manager/assignpackage', rivalToken, {
      package_id: rivalCredit!.id,
      company_id: customerId,
      _csrf: rivalCsrf,
    });
    expect(intoOurs.statusCode).toBe(404);
    // A token is bound to its session: the rival's does not pass for our partner admin.
    const crossed = await call('POST', '/data/manager/assignpackage', partnerToken, {
      package_id: ownCredit!.id,
      company_id: customerId,
      _csrf: rivalCsrf,
    });
    expect(crossed.statusCode).toBe(403);
    // Nothing changed on the customer.
    const after = (await call('GET', p(c), partnerToken)).json();
    expect(after).toMatchObject({
      company_name: 'Isolated Customer',
      subscription: { seats: 30, active: true },
    });
  });
});
