import { eq } from 'drizzle-orm';
import { ROLES } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessments,
  billingAccounts,
  billingInvoices,
  companies,
  companySubscriptions,
  memberships,
  trainings,
} from '../../db/schema/index.ts';
import { systemScope } from '../../lib/scope.ts';
import { hasPoppler, pdfText } from '../../lib/pdf/pdf-test-utils.ts';
import { insertList, upsertIntoList } from '../employees/employees.service.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { invoiceById, invoicesOf, billingState, updateAccount } from './billing.queries.ts';
import { TEST_CARDS } from './test-provider.ts';

const DETAILS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@billing.example',
  country: 'GB',
  city: 'London',
};
const CARD = (number: string) => ({ number, expiry: '12/34', cvc: '123' });

describe.each(testDatabases())('subscriptions and billing (test provider) on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let partnerCompany: { id: string };
  let admin: string;
  let viewer: string;
  let billingManager: string;
  let outsider: string;
  let partnerAdmin: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string,
    payload?: object,
    companyId = company.id,
  ) => t.inject({ method, url: `/api/companies/${companyId}${url}`, headers: bearer(token), payload });

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

  /** A card as the wizard gets it: the 3-D Secure card, approved on our check page. */
  async function threeDSecureNonce(token = admin, amount = 100) {
    const setup = await call('POST', '/subscriptions/card', token, {
      card: CARD(TEST_CARDS.threeDSecure),
      amount,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json()).toMatchObject({ status: 'requires_action', paymentNonce: null });
    const confirmed = await call('POST', '/subscriptions/card/confirm', token, {
      clientSecret: setup.json().clientSecret,
      approve: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json<{ paymentNonce: string }>().paymentNonce;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Billing Co' });
    // A company on its trial: trial package, trial end ahead, billing off until it pays.
    await db
      .update(companies)
      .set({ trialEnds: new Date(Date.now() + 14 * 86_400_000) })
      .where(eq(companies.id, company.id));
    await db
      .update(companySubscriptions)
      .set({ packageName: 'Trial', trial: true, seats: 50 })
      .where(eq(companySubscriptions.companyId, company.id));
    partnerCompany = await createCompany(db, { subscription: { partner: true } });
    const [a, v, bm, o, p] = await Promise.all([1, 2, 3, 4, 5].map(() => createManager(db)));
    await addMember(db, company.id, a!.id, 1);
    await addMember(db, company.id, v!.id, 2);
    await addMember(db, company.id, bm!.id, 2);
    await db.update(memberships).set({ billingManager: true }).where(eq(memberships.userId, bm!.id));
    await addMember(db, partnerCompany.id, p!.id, 1);
    const other = await createCompany(db);
    await addMember(db, other.id, o!.id, 1);
    const tokens = await Promise.all([a, v, bm, o, p].map((u) => signIn(t, u!.id)));
    [admin, viewer, billingManager, outsider, partnerAdmin] = tokens as [
      string,
      string,
      string,
      string,
      string,
    ];
    await addEmployees(company.id, 12);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('guards every call: a viewer reads but may not buy, the billing manager may, another company is 404, a partner company is told to contact support', async () => {
    expect((await call('GET', '/subscriptions', viewer)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['GET', '/subscriptions/plans', undefined],
      ['POST', '/subscriptions/estimate', { planId: 'business-yearly', seats: 300 }],
      ['GET', '/subscriptions/braintreetoken', undefined],
      ['GET', '/subscriptions/canBeRemoved', undefined],
      ['POST', '/subscriptions/canReduceSeats', { newSeats: 5 }],
      ['PUT', '/deactivateSubscription', undefined],
      ['GET', '/subscriptions/invoices', undefined],
    ] as const) {
      expect((await call(method, url, viewer, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, outsider, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/subscriptions/plans', billingManager)).statusCode).toBe(200);
    // The company answer tells the web app so (the subscription pages and the wizard open for them).
    const mine = await t.inject({
      method: 'GET',
      url: '/api/companies/my_companies',
      headers: bearer(billingManager),
    });
    const theirs = mine.json().find((c: { company_id: string }) => c.company_id === company.id);
    expect(theirs).toMatchObject({ role: ROLES.viewer, permissions: ['billing'] });
    const own = await call('GET', '', billingManager);
    expect(own.json()).toMatchObject({ role: ROLES.viewer, permissions: ['billing'] });
    const partner = await call('GET', '/subscriptions/plans', partnerAdmin, undefined, partnerCompany.id);
    expect(partner.statusCode).toBe(403);
    expect(partner.json().description).toContain('Please contact support@vigil.local');
    const overview = await call('GET', '/subscriptions', partnerAdmin, undefined, partnerCompany.id);
    expect(overview.json()).toMatchObject({ partner: true, state: 'active' });
    expect(
      (await t.inject({ method: 'GET', url: `/api/companies/${company.id}/subscriptions` })).statusCode,
    ).toBe(401);
  });

  it('loads plans as data: families with monthly and yearly tiers, a year for ten months, Business recommended', async () => {
    const res = await call('GET', '/subscriptions/plans', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plans.map((p: { baseId: string }) => p.baseId)).toEqual([
      'free',
      'essentials',
      'business',
      'premium',
    ]);
    expect(body.enterprise_units).toBe(1000);
    expect(body.current).toEqual({ planId: null, name: 'Trial', seats: 50, period: null, trial: true });
    expect(body.usersInUse).toBe(12);
    const business = body.plans[2];
    expect(business.monthly.recommended).toBe(true);
    expect(business.monthly.tiers[2]).toEqual({ starting_unit: 101, ending_unit: 300, price: 39900 });
    expect(business.yearly.tiers[2].price).toBe(399000);
    expect(business.yearly.tiers[3].ending_unit).toBeNull();
    expect(body.plans[3].yearly.definition).toMatchObject({
      scorm: true,
      branding: true,
      sso: true,
      api: true,
    });
  });

  it('estimates a first purchase with and without a coupon, and refuses bad coupons and enterprise sizes', async () => {
    const plain = await call('POST', '/subscriptions/estimate', admin, {
      planId: 'business-yearly',
      seats: 300,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().estimate.invoice_estimate).toEqual({
      sub_total: 399000,
      discount: 0,
      credits_applied: 0,
      total: 399000,
    });
    expect(plain.json().perUserPrice.toFixed(2)).toBe('1.11');
    const next = new Date(plain.json().estimate.subscription_estimate.next_billing_at);
    expect(Math.round((next.getTime() - Date.now()) / 86_400_000)).toBeGreaterThanOrEqual(365);

    const coupon = await call('POST', '/subscriptions/estimate', admin, {
      planId: 'business-yearly',
      seats: 300,
      coupon: 'welcome10',
    });
    expect(coupon.json().estimate.invoice_estimate).toMatchObject({ discount: 39900, total: 359100 });
    expect(coupon.json().estimate.next_invoice_estimate.total).toBe(359100);

    for (const [code, message] of [
      ['NOPE', 'coupon_code is not valid'],
      ['LAUNCH2025', 'coupon_code has expired'],
    ]) {
      const bad = await call('POST', '/subscriptions/estimate', admin, {
        planId: 'business-yearly',
        seats: 300,
        coupon: code,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].message).toBe(message);
    }
    const enterprise = await call('POST', '/subscriptions/estimate', admin, {
      planId: 'business-yearly',
      seats: 1000,
    });
    expect(enterprise.statusCode).toBe(400);
    expect(enterprise.json().errors[0].message).toContain('Enterprise');
    expect(
      (await call('POST', '/subscriptions/estimate', admin, { planId: 'gold-yearly', seats: 10 })).statusCode,
    ).toBe(400);
  });

  it('checks cards as Stripe test cards behave: declined, 3-D Secure approved or failed, forged nonces refused', async () => {
    const token = await call('GET', '/subscriptions/braintreetoken', admin);
    expect(token.json()).toEqual({ provider: 'test', testMode: true, publishableKey: null });
    const declined = await call('POST', '/subscriptions/card', admin, {
      card: CARD(TEST_CARDS.declined),
      amount: 1,
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().description).toBe('Your card was declined.');
    const real = await call('POST', '/subscriptions/card', admin, {
      card: CARD('4111111111111112'),
      amount: 1,
    });
    expect(real.json().description).toContain('non test card');
    const expired = await call('POST', '/subscriptions/card', admin, {
      card: { ...CARD(TEST_CARDS.success), expiry: '01/20' },
      amount: 1,
    });
    expect(expired.json().description).toBe("Your card's expiration date is invalid.");
    const ok = await call('POST', '/subscriptions/card', admin, {
      card: CARD(TEST_CARDS.success),
      amount: 1,
    });
    expect(ok.json()).toMatchObject({ status: 'succeeded', clientSecret: null });

    const check = await call('POST', '/subscriptions/card', admin, {
      card: CARD(TEST_CARDS.threeDSecure),
      amount: 1,
    });
    const failed = await call('POST', '/subscriptions/card/confirm', admin, {
      clientSecret: check.json().clientSecret,
      approve: false,
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().description).toContain('unable to authenticate');

    const forged = await call('POST', '/subscriptions', admin, {
      planId: 'business-yearly',
      seats: 300,
      billing: DETAILS,
      paymentNonce: `${Buffer.from('{"kind":"card"}').toString('base64url')}.forged`,
    });
    expect(forged.statusCode).toBe(402);
    const noCard = await call('POST', '/subscriptions', admin, {
      planId: 'business-yearly',
      seats: 300,
      billing: DETAILS,
    });
    expect(noCard.statusCode).toBe(402);
    expect((await t.ctx.db.select().from(billingAccounts)).length).toBe(0);
  });

  it('buys a plan with a 3-D Secure card and a coupon: the package, the invoice and its PDF', async () => {
    const nonce = await threeDSecureNonce();
    const res = await call('POST', '/subscriptions', admin, {
      planId: 'business-yearly',
      seats: 300,
      billing: { ...DETAILS, coupon: 'WELCOME10' },
      paymentNonce: nonce,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ plan_id: 'business-yearly', plan_quantity: 300, status: 'active' });

    const [pkg] = await t.ctx.db
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.companyId, company.id));
    expect(pkg).toMatchObject({ packageName: 'Business', seats: 300, trial: false, validTo: null });
    expect(pkg!.definition).toMatchObject({ assessmentQuestions: 'all', overage: true });
    const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.trialEnds).toBeNull();
    expect(row!.billingEnabled).toBe(true);

    const overview = (await call('GET', '/subscriptions', admin)).json();
    expect(overview).toMatchObject({
      state: 'active',
      plan: { planId: 'business-yearly', name: 'Business', seats: 300, period: 'yearly', trial: false },
      seatsUsed: 12,
      seatsBought: 300,
      cancelled: false,
      testMode: true,
    });
    expect(overview.nextBillingAt).not.toBeNull();
    expect(overview.invoices).toHaveLength(1);
    expect(overview.invoices[0]).toMatchObject({
      total: 359100,
      status: 'paid',
      number: expect.stringMatching(/^INV-\d{6}$/),
    });

    const pdf = await t.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/subscriptions/invoices/${overview.invoices[0].id}/pdf`,
      headers: bearer(admin),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPoppler) {
      const text = pdfText(pdf.rawPayload);
      for (const s of [
        overview.invoices[0].number,
        'Billing Co',
        'Ada Lovelace',
        'United Kingdom',
        '3990.00',
        '-399.00',
        '3591.00',
      ]) {
        expect(text).toContain(s);
      }
    }
    const foreign = await t.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/subscriptions/invoices/${overview.invoices[0].id}/pdf`,
      headers: bearer(outsider),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers the buttons: the current plan again is refused; fewer seats than employees is blocked', async () => {
    const same = await call('POST', '/subscriptions', admin, {
      planId: 'business-yearly',
      seats: 300,
      billing: DETAILS,
    });
    expect(same.statusCode).toBe(400);
    const reduce = await call('POST', '/subscriptions/canReduceSeats', admin, { newSeats: 5 });
    expect(reduce.json()).toEqual({
      canBeEdited: false,
      activeTrainings: 0,
      activeAssessments: 0,
      removeEmployees: 7,
      removeSeats: 0,
    });
    expect(
      (await call('POST', '/subscriptions/canReduceSeats', admin, { newSeats: 12 })).json().canBeEdited,
    ).toBe(true);
    const refused = await call('PUT', '/subscriptions', admin, {
      planId: 'business-yearly',
      seats: 5,
      billing: DETAILS,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().description).toBe('Unable to change number of seats');
  });

  it('blocks a plan without assessments while one runs, and a Free plan for more than 10 seats', async () => {
    const [running] = await t.ctx.db
      .insert(assessments)
      .values({ companyId: company.id, name: 'Running', status: 'active' })
      .returning();
    const check = await call('POST', '/subscriptions/canEditSubscriptionPlan', admin, {
      subscriptionCode: 'essentials-yearly',
      newSeats: 300,
    });
    expect(check.json()).toEqual({
      canBeEdited: false,
      activeTrainings: 0,
      activeAssessments: 1,
      removeEmployees: 0,
      removeSeats: 0,
    });
    const buy = await call('PUT', '/subscriptions', admin, {
      planId: 'essentials-yearly',
      seats: 300,
      billing: DETAILS,
    });
    expect(buy.statusCode).toBe(409);
    expect(buy.json().description).toBe('Unable to change your subscription plan');
    await t.ctx.db.delete(assessments).where(eq(assessments.id, running!.id));
    expect(
      (
        await call('POST', '/subscriptions/canEditSubscriptionPlan', admin, {
          subscriptionCode: 'essentials-yearly',
          newSeats: 300,
        })
      ).json().canBeEdited,
    ).toBe(true);
    const free = await call('POST', '/subscriptions/canEditSubscriptionPlan', admin, {
      subscriptionCode: 'free-monthly',
      newSeats: 300,
    });
    expect(free.json()).toMatchObject({ canBeEdited: false, removeEmployees: 0, removeSeats: 290 });
  });

  it('upgrades mid-term with proration: the invoice is the estimate, the card on file pays', async () => {
    const est = await call('POST', '/subscriptions/estimate', admin, {
      planId: 'premium-yearly',
      seats: 300,
    });
    const e = est.json().estimate;
    // Nearly the whole year is unused: the new price for it less the old price's credit.
    expect(e.invoice_estimate.sub_total).toBeGreaterThan(598_990);
    expect(e.invoice_estimate.credits_applied).toBeGreaterThan(398_990);
    const res = await call('PUT', '/subscriptions', billingManager, {
      planId: 'premium-yearly',
      seats: 300,
      billing: DETAILS,
    });
    expect(res.statusCode, res.body).toBe(200);
    const invoices = (await call('GET', '/subscriptions/invoices', admin)).json().rows;
    expect(invoices).toHaveLength(2);
    expect(invoices[0].total).toBe(e.invoice_estimate.total);
    expect(invoices[0].description).toContain('prorated');
    const [pkg] = await t.ctx.db
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.companyId, company.id));
    expect(pkg!.definition).toMatchObject({ scorm: true, sso: true });
  });

  it('downgrading keeps credit for the unused time', async () => {
    const res = await call('PUT', '/subscriptions', admin, {
      planId: 'business-yearly',
      seats: 100,
      billing: DETAILS,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [account] = await t.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.companyId, company.id));
    // Premium 300 (599 000) → Business 100 (179 000) with almost the whole year left: ~420 000 credit.
    expect(account!.creditBalance).toBeGreaterThan(419_000);
    expect(account!.creditBalance).toBeLessThanOrEqual(420_000);
    const [latest] = await t.ctx.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.companyId, company.id))
      .orderBy(billingInvoices.seq);
    expect(latest).toBeDefined();
  });

  it('deactivates only without running campaigns, keeps the plan to the term end, and reactivates', async () => {
    const [running] = await t.ctx.db
      .insert(trainings)
      .values({ companyId: company.id, name: 'Running', status: 'active' })
      .returning();
    expect((await call('GET', '/subscriptions/canBeRemoved', admin)).json()).toEqual({
      canBeRemoved: false,
      activeTrainings: 1,
      activeAssessments: 0,
    });
    const blocked = await call('PUT', '/deactivateSubscription', admin);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().description).toBe('Unable to deactivate subscription');
    await t.ctx.db.update(trainings).set({ status: 'completed' }).where(eq(trainings.id, running!.id));

    const off = await call('PUT', '/deactivateSubscription', admin);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ state: 'active', cancelled: true, nextBillingAt: null });
    const [account] = await t.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.companyId, company.id));
    expect(off.json().validTo).toBe(account!.termEnd.toISOString());
    expect((await call('PUT', '/deactivateSubscription', admin)).statusCode).toBe(409);

    const on = await call('PUT', '/reactivateSubscription', admin);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ state: 'active', cancelled: false, validTo: null });
  });

  it('reactivating after the term ended starts a new paid term with the card on file', async () => {
    await call('PUT', '/deactivateSubscription', admin);
    const past = new Date(Date.now() - 1000);
    await t.ctx.db
      .update(billingAccounts)
      .set({ termEnd: past })
      .where(eq(billingAccounts.companyId, company.id));
    await t.ctx.db
      .update(companySubscriptions)
      .set({ validTo: past })
      .where(eq(companySubscriptions.companyId, company.id));
    expect((await call('GET', '/subscriptions', admin)).json().state).toBe('expired');
    const before = (await call('GET', '/subscriptions/invoices', admin)).json().rows.length;
    const on = await call('PUT', '/reactivateSubscription', admin);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      state: 'active',
      cancelled: false,
      plan: { planId: 'business-yearly', seats: 100 },
    });
    expect(on.json().invoices).toHaveLength(before + 1);
  });

  it('renews a test-provider term that ended, invoicing each period once', async () => {
    const ended = new Date(Date.now() - 86_400_000);
    const before = (
      await t.ctx.db.select().from(billingInvoices).where(eq(billingInvoices.companyId, company.id))
    ).length;
    await t.ctx.db
      .update(billingAccounts)
      .set({ termStart: new Date(ended.getTime() - 365 * 86_400_000), termEnd: ended, creditBalance: 0 })
      .where(eq(billingAccounts.companyId, company.id));
    const [first, second] = await Promise.all([
      call('GET', '/subscriptions', admin),
      call('GET', '/subscriptions', admin),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const overview = (await call('GET', '/subscriptions', admin)).json();
    expect(overview.invoices).toHaveLength(before + 1);
    // Business yearly, 100 seats (179 000), with WELCOME10 kept from the first purchase: 10 % off.
    const renewal = overview.invoices.find((i: { date: string }) => i.date === ended.toISOString());
    expect(renewal).toMatchObject({ total: 161100, status: 'paid' });
    expect(new Date(overview.nextBillingAt).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  });

  it("keeps companies apart in its queries: another company's scope finds and changes nothing", async () => {
    const own = systemScope(company.id, 'test');
    const other = systemScope(partnerCompany.id, 'test');
    const [invoice] = await invoicesOf(t.ctx.db, own);
    expect(invoice).toBeDefined();
    expect(await invoiceById(t.ctx.db, other, invoice!.id)).toBeNull();
    expect(await invoicesOf(t.ctx.db, other)).toEqual([]);
    expect((await billingState(t.ctx.db, other))!.account).toBeNull();
    await updateAccount(t.ctx.db, other, { seats: 1 });
    expect((await billingState(t.ctx.db, own))!.account!.seats).toBe(100);
  });

  it('moves a small trial company to the Free plan without a card; the billing portal needs billing on', async () => {
    const small = await createCompany(t.ctx.db, { name: 'Small Co' });
    const m = await createManager(t.ctx.db);
    await addMember(t.ctx.db, small.id, m.id, 1);
    const token = await signIn(t, m.id);
    await addEmployees(small.id, 4);
    const res = await call(
      'POST',
      '/subscriptions',
      token,
      { planId: 'free-monthly', seats: 10, billing: DETAILS },
      small.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [pkg] = await t.ctx.db
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.companyId, small.id));
    expect(pkg).toMatchObject({ packageName: 'Free', seats: 10, validTo: null });
    expect(
      (await call('GET', '/subscriptions/plans', token, undefined, small.id)).json().current.planId,
    ).toBe('free-monthly');
    expect((await call('POST', '/create_portal_session', token, undefined, small.id)).statusCode).toBe(403);
    const portal = await call('POST', '/create_portal_session', admin);
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({ url: null });
  });
});
