/**
 * A Stripe renewal (issue 18): the `invoice.created` webhook of a renewal's draft adds the seat-days
 * over the plan as an invoice item on that invoice, once however often it is replayed; the paid or
 * failed invoice records that line; a failed payment mails the billing managers and flags the
 * subscription until the invoice is paid. The official SDK talks to the local Stripe stand-in, and
 * every webhook is signed for real.
 */
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, billingInvoices, companies, mails, memberships } from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_test_vigil_renewal';
const DAY = 86_400;
const sdk = new Stripe('sk_test_unused');

describe.each(testDatabases())('Stripe renewals: overage and failed payments on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let company: { id: string };
  let admin: string;
  let adminEmail: string;
  let billingEmail: string;
  let subscriptionId: string;
  let customerId: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.inject({ method, url: `/api/companies/${company.id}${url}`, headers: bearer(admin), payload });

  const webhook = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return t.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };

  /** An invoice event as Stripe sends it; `usage` is the ended term the renewal invoice bills. */
  const invoiceEvent = (
    eventId: string,
    type: string,
    invoice: {
      id: string;
      status?: string;
      billingReason?: string;
      overage?: { amount: number; seatDays: number };
      nextAttempt?: number | null;
    },
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const lines: object[] = [
      {
        id: 'il_plan',
        amount: 9900,
        quantity: 10,
        metadata: {},
        period: { start: now, end: now + 31 * DAY },
      },
    ];
    if (invoice.overage) {
      lines.push({
        id: 'il_over',
        amount: invoice.overage.amount,
        quantity: 1,
        metadata: { kind: 'vigil-overage', seatDays: String(invoice.overage.seatDays) },
        period: { start: now, end: now },
      });
    }
    const subtotal = 9900 + (invoice.overage?.amount ?? 0);
    return {
      id: eventId,
      object: 'event',
      type,
      created: now,
      data: {
        object: {
          id: invoice.id,
          object: 'invoice',
          customer: customerId,
          currency: 'usd',
          status: invoice.status ?? 'draft',
          billing_reason: invoice.billingReason ?? 'subscription_cycle',
          subtotal,
          total: subtotal,
          total_discount_amounts: [],
          next_payment_attempt: invoice.nextAttempt ?? null,
          period_start: now - 30 * DAY,
          period_end: now + DAY,
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: subscriptionId, metadata: {} },
          },
          lines: { object: 'list', data: lines },
        },
      },
    };
  };

  beforeAll(async () => {
    stripe = await startStripeStandIn({
      prices: { 'business-monthly': 'price_business_monthly' },
      preview: { charge: 0, credit: 0 },
      promotionCodes: {},
    });
    t = await createTestApp(kind, {
      STRIPE_SECRET_KEY: 'sk_test_vigil',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_vigil',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
    company = await createCompany(t.ctx.db, { name: 'Renewal Co' });
    await t.ctx.db.update(companies).set({ billingEnabled: true }).where(eq(companies.id, company.id));
    const m = await createManager(t.ctx.db);
    adminEmail = m.email;
    await addMember(t.ctx.db, company.id, m.id, 1);
    admin = await signIn(t, m.id);
    // A viewer who is the billing manager is told too; a plain viewer is not.
    const billing = await createManager(t.ctx.db);
    billingEmail = billing.email;
    await addMember(t.ctx.db, company.id, billing.id, 2);
    await t.ctx.db
      .update(memberships)
      .set({ billingManager: true })
      .where(and(eq(memberships.companyId, company.id), eq(memberships.userId, billing.id)));
    const viewer = await createManager(t.ctx.db);
    await addMember(t.ctx.db, company.id, viewer.id, 2);

    // Business, monthly, 10 seats through Stripe.
    const setup = (await call('POST', '/subscriptions/card', { amount: 9900 })).json();
    stripe.confirmSetupIntent(setup.paymentNonce, { brand: 'visa', last4: '4242' });
    const bought = await call('POST', '/subscriptions', {
      planId: 'business-monthly',
      seats: 10,
      billing: { firstName: 'Ada', lastName: 'Byron', email: 'ada@renewal.example', country: 'GB' },
      paymentNonce: setup.paymentNonce,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const [account] = await t.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.companyId, company.id));
    subscriptionId = account!.subscriptionId!;
    customerId = account!.customerId!;

    // 12 employees on 10 seats today: 2 seat-days over the plan (Business allows overage).
    const list = (await call('POST', '/lists', { name: 'Everyone' })).json<{ id: string }>().id;
    const added = await call('POST', `/lists/${list}/users`, {
      users: Array.from({ length: 12 }, (_, i) => ({ email: `e${i}@renewal.example`, name: '' })),
    });
    expect(added.statusCode, added.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('adds the seat-days over the plan to the renewal draft once, however often the webhook comes', async () => {
    const event = invoiceEvent('evt_created_1', 'invoice.created', { id: 'in_renewal' });
    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    // 2 seat-days × 9 900 cents / 10 seats / 31 days = 63.87 → 64 cents.
    expect(stripe.invoiceItems).toEqual([
      expect.objectContaining({
        customer: customerId,
        invoice: 'in_renewal',
        amount: 64,
        currency: 'usd',
        description: 'Additional seats: 2 seat-days over the plan',
        metadata: { kind: 'vigil-overage', seatDays: '2' },
      }),
    ]);
    const item = stripe.requests.find((r) => r.path === '/v1/invoiceitems')!;
    expect(item.idempotencyKey).toBe('overage-in_renewal');

    // The same event replayed: nothing is asked of Stripe again.
    expect((await webhook(event)).json().outcome).toBe('duplicate');
    // Another delivery of the same invoice under a new event id: Stripe's idempotency keeps one item.
    const again = await webhook(invoiceEvent('evt_created_2', 'invoice.created', { id: 'in_renewal' }));
    expect(again.json().outcome).toBe('applied');
    expect(stripe.invoiceItems).toHaveLength(1);
    expect(stripe.requests.filter((r) => r.path === '/v1/invoiceitems')).toHaveLength(2);
  });

  it('leaves invoices that are not a renewal draft alone, and refuses a forged signature', async () => {
    const creation = await webhook(
      invoiceEvent('evt_created_3', 'invoice.created', {
        id: 'in_first',
        billingReason: 'subscription_create',
      }),
    );
    expect(creation.json().outcome).toBe('ignored');
    const open = await webhook(
      invoiceEvent('evt_created_4', 'invoice.created', { id: 'in_open', status: 'open' }),
    );
    expect(open.json().outcome).toBe('ignored');
    const forged = await webhook(
      invoiceEvent('evt_forged', 'invoice.created', { id: 'in_forged' }),
      'whsec_not_ours',
    );
    expect(forged.statusCode).toBe(400);
    expect(stripe.invoiceItems).toHaveLength(1);
  });

  it('mails the billing managers when the renewal payment fails, flags it, and clears it once paid', async () => {
    const before = new Date();
    const nextAttempt = Math.floor(Date.now() / 1000) + 3 * DAY;
    const failed = await webhook(
      invoiceEvent('evt_failed_1', 'invoice.payment_failed', {
        id: 'in_renewal',
        status: 'open',
        overage: { amount: 64, seatDays: 2 },
        nextAttempt,
      }),
    );
    expect(failed.json().outcome).toBe('applied');
    const [row] = await t.ctx.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.providerInvoiceId, 'in_renewal'));
    expect(row).toMatchObject({
      status: 'failed',
      subTotal: 9964,
      overage: 64,
      overageSeatDays: 2,
      seats: 10,
    });
    expect((await call('GET', '/subscriptions')).json()).toMatchObject({ paymentFailed: true });

    for (const to of [adminEmail, billingEmail]) {
      const mail = await t.waitForMail(to, { after: before });
      expect(mail.subject).toBe('Payment failed for your Vigil subscription');
      expect(mail.text).toContain('Payment failed');
      expect(mail.text).toContain('We could not take the payment of 99.64');
      expect(mail.text).toContain('We will try your card again on');
      expect(mail.text).toContain('http://localhost:3000/settings/subscriptions/');
    }
    // A replay mails nobody again.
    const replay = await webhook(
      invoiceEvent('evt_failed_1', 'invoice.payment_failed', { id: 'in_renewal', status: 'open' }),
    );
    expect(replay.json().outcome).toBe('duplicate');

    const paid = await webhook(
      invoiceEvent('evt_paid_1', 'invoice.paid', {
        id: 'in_renewal',
        status: 'paid',
        overage: { amount: 64, seatDays: 2 },
      }),
    );
    expect(paid.json().outcome).toBe('applied');
    expect((await call('GET', '/subscriptions')).json()).toMatchObject({ paymentFailed: false });
    const rows = await t.ctx.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.providerInvoiceId, 'in_renewal'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('paid');

    // Only the two who manage billing were mailed, once each.
    await new Promise((r) => setTimeout(r, 2500));
    const sent = await t.ctx.db.select().from(mails).where(eq(mails.kind, 'payment-failed'));
    expect(sent.map((m) => m.toAddress).sort()).toEqual([adminEmail, billingEmail].sort());
  });
});
