import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAccounts,
  billingEvents,
  billingInvoices,
  companies,
  companySubscriptions,
} from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_test_vigil_billing';
const DETAILS = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@stripe.example',
  country: 'US',
  zip: '10001',
};
const sdk = new Stripe('sk_test_unused');

describe.each(testDatabases())(
  'billing through Stripe (the official SDK against a local stand-in) on %s',
  (kind) => {
    let t: TestApp;
    let stripe: StripeStandIn;
    let company: { id: string };
    let admin: string;
    let subscriptionId: string;

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.inject({ method, url: `/api/companies/${company.id}${url}`, headers: bearer(admin), payload });

    /** Posts an event as Stripe does: JSON body, Stripe-Signature header over it. */
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
    const invoiceEvent = (eventId: string, type: string, invoiceId: string, total: number) => {
      const start = Math.floor(Date.now() / 1000);
      return {
        id: eventId,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: start,
        data: {
          object: {
            id: invoiceId,
            object: 'invoice',
            subtotal: 399000,
            total,
            total_discount_amounts: [{ amount: 399000 - total, discount: 'di_1' }],
            period_start: start,
            period_end: start,
            parent: {
              type: 'subscription_details',
              subscription_details: { subscription: subscriptionId, metadata: {} },
            },
            lines: {
              object: 'list',
              data: [{ id: 'il_1', quantity: 300, period: { start, end: start + 365 * 86_400 } }],
            },
          },
        },
      };
    };

    beforeAll(async () => {
      stripe = await startStripeStandIn({
        prices: { 'business-yearly': 'price_business_yearly', 'premium-yearly': 'price_premium_yearly' },
        preview: { charge: 598_000, credit: 398_500 },
        promotionCodes: {
          WELCOME10: {
            id: 'promo_welcome',
            object: 'promotion_code',
            code: 'WELCOME10',
            active: true,
            expires_at: null,
            promotion: {
              type: 'coupon',
              coupon: {
                id: 'co_1',
                object: 'coupon',
                percent_off: 10,
                amount_off: null,
                duration: 'forever',
                valid: true,
                redeem_by: null,
                name: '10 % off',
              },
            },
          },
        },
      });
      t = await createTestApp(kind, {
        STRIPE_SECRET_KEY: 'sk_test_vigil',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_vigil',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      });
      company = await createCompany(t.ctx.db, { name: 'Stripe Co' });
      await t.ctx.db.update(companies).set({ billingEnabled: true }).where(eq(companies.id, company.id));
      const m = await createManager(t.ctx.db);
      await addMember(t.ctx.db, company.id, m.id, 1);
      admin = await signIn(t, m.id);
    });
    afterAll(async () => {
      await t?.close();
      await stripe?.close();
    });

    it('gives the browser the publishable key and reads promotion codes as coupons', async () => {
      expect((await call('GET', '/subscriptions/braintreetoken')).json()).toEqual({
        provider: 'stripe',
        testMode: true,
        publishableKey: 'pk_test_vigil',
      });
      const est = await call('POST', '/subscriptions/estimate', {
        planId: 'business-yearly',
        seats: 300,
        coupon: 'WELCOME10',
      });
      expect(est.statusCode, est.body).toBe(200);
      expect(est.json().estimate.invoice_estimate).toMatchObject({ discount: 39900, total: 359100 });
      const bad = await call('POST', '/subscriptions/estimate', {
        planId: 'business-yearly',
        seats: 300,
        coupon: 'NOPE',
      });
      expect(bad.json().errors[0].message).toBe('coupon_code is not valid');
    });

    it('saves the card with a SetupIntent, refuses it unconfirmed, then subscribes to the tiered price with the promotion code', async () => {
      const setup = await call('POST', '/subscriptions/card', { amount: 359100 });
      expect(setup.statusCode, setup.body).toBe(200);
      const { clientSecret, paymentNonce } = setup.json();
      expect(clientSecret).toMatch(/^seti_.*_secret_/);
      const created = stripe.requests.find((r) => r.path === '/v1/setup_intents')!;
      expect(created.params.get('usage')).toBe('off_session');
      expect(created.params.get('metadata[companyId]')).toBe(company.id);

      const purchase = {
        planId: 'business-yearly',
        seats: 300,
        billing: { ...DETAILS, coupon: 'WELCOME10' },
        paymentNonce,
      };
      const early = await call('POST', '/subscriptions', purchase);
      expect(early.statusCode).toBe(402);

      stripe.confirmSetupIntent(paymentNonce, { brand: 'visa', last4: '3184' });
      const res = await call('POST', '/subscriptions', purchase);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ plan_id: 'business-yearly', plan_quantity: 300, status: 'active' });
      const sub = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
      expect(sub.params.get('items[0][price]')).toBe('price_business_yearly');
      expect(sub.params.get('items[0][quantity]')).toBe('300');
      expect(sub.params.get('discounts[0][promotion_code]')).toBe('promo_welcome');
      expect(sub.params.get('default_payment_method')).toMatch(/^pm_/);
      expect(sub.params.get('payment_behavior')).toBe('error_if_incomplete');
      expect(stripe.requests.some((r) => /\/v1\/payment_methods\/pm_.*\/attach/.test(r.path))).toBe(true);

      const [account] = await t.ctx.db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.companyId, company.id));
      expect(account).toMatchObject({
        provider: 'stripe',
        planId: 'business-yearly',
        paymentMethod: 'Visa •••• 3184',
      });
      subscriptionId = account!.subscriptionId!;
      // Stripe's invoices arrive by webhook: none is written yet.
      expect(await t.ctx.db.select().from(billingInvoices)).toHaveLength(0);
    });

    it('records a paid invoice from a signed webhook once, however often it is replayed', async () => {
      const event = invoiceEvent('evt_paid_1', 'invoice.paid', 'in_1', 359100);
      const first = await webhook(event);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true, outcome: 'applied' });
      const again = await webhook(event);
      expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
      const rows = await t.ctx.db.select().from(billingInvoices);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        providerInvoiceId: 'in_1',
        total: 359100,
        discount: 39900,
        status: 'paid',
        seats: 300,
      });
      expect((await call('GET', '/subscriptions/invoices')).json().rows).toHaveLength(1);
    });

    it("estimates a change of the Stripe subscription with Stripe's own invoice preview", async () => {
      const est = await call('POST', '/subscriptions/estimate', { planId: 'premium-yearly', seats: 300 });
      expect(est.statusCode, est.body).toBe(200);
      expect(est.json().estimate.invoice_estimate).toEqual({
        sub_total: 598_000,
        discount: 0,
        credits_applied: 398_500,
        total: 199_500,
      });
      const preview = stripe.requests.find((r) => r.path === '/v1/invoices/create_preview')!;
      expect(preview.params.get('subscription')).toBe(subscriptionId);
      expect(preview.params.get('subscription_details[items][0][price]')).toBe('price_premium_yearly');
      expect(preview.params.get('subscription_details[items][0][quantity]')).toBe('300');
      expect(preview.params.get('subscription_details[proration_behavior]')).toBe('always_invoice');
    });

    it('refuses a forged signature and changes nothing', async () => {
      const before = await t.ctx.db.select().from(billingEvents);
      const forged = await webhook(
        invoiceEvent('evt_forged', 'invoice.payment_failed', 'in_1', 359100),
        'whsec_not_ours',
      );
      expect(forged.statusCode).toBe(400);
      const unsigned = await t.inject({
        method: 'POST',
        url: '/api/billing/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(invoiceEvent('evt_forged2', 'invoice.payment_failed', 'in_1', 1)),
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await t.ctx.db.select().from(billingEvents)).toHaveLength(before.length);
      const [invoice] = await t.ctx.db.select().from(billingInvoices);
      expect(invoice!.status).toBe('paid');
    });

    it('marks a failed payment past due, then a cancellation ends the package', async () => {
      const failed = await webhook(invoiceEvent('evt_failed_1', 'invoice.payment_failed', 'in_2', 359100));
      expect(failed.json().outcome).toBe('applied');
      const [account] = await t.ctx.db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.companyId, company.id));
      expect(account!.status).toBe('past_due');
      expect(
        (
          await t.ctx.db.select().from(billingInvoices).where(eq(billingInvoices.providerInvoiceId, 'in_2'))
        )[0]!.status,
      ).toBe('failed');

      const unknown = await webhook({
        ...invoiceEvent('evt_other', 'invoice.paid', 'in_x', 1),
        data: {
          object: {
            ...invoiceEvent('e', 'invoice.paid', 'in_x', 1).data.object,
            parent: { subscription_details: { subscription: 'sub_not_ours' } },
          },
        },
      });
      expect(unknown.statusCode).toBe(409);

      const deleted = {
        id: 'evt_deleted_1',
        object: 'event',
        type: 'customer.subscription.deleted',
        data: {
          object: {
            id: subscriptionId,
            object: 'subscription',
            status: 'canceled',
            cancel_at_period_end: false,
            items: {
              object: 'list',
              data: [{ id: 'si_1', quantity: 300, current_period_start: 1, current_period_end: 2 }],
            },
          },
        },
      };
      expect((await webhook(deleted)).json().outcome).toBe('applied');
      expect((await webhook(deleted)).json().outcome).toBe('duplicate');
      const [pkg] = await t.ctx.db
        .select()
        .from(companySubscriptions)
        .where(eq(companySubscriptions.companyId, company.id));
      expect(pkg!.validTo!.getTime()).toBeLessThanOrEqual(Date.now());
      const overview = (await call('GET', '/subscriptions')).json();
      expect(overview).toMatchObject({ state: 'expired', cancelled: true, nextBillingAt: null });
    });

    it("opens the customer portal and turns a declined card into a 402 with Stripe's message", async () => {
      const portal = await call('POST', '/create_portal_session');
      expect(portal.statusCode, portal.body).toBe(200);
      expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
      const session = stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions')!;
      expect(session.params.get('return_url')).toBe('http://localhost:3000/settings/subscriptions');

      const setup = (await call('POST', '/subscriptions/card', { amount: 1 })).json();
      stripe.confirmSetupIntent(setup.paymentNonce, { brand: 'visa', last4: '0002' });
      stripe.declineNext();
      const declined = await call('POST', '/subscriptions', {
        planId: 'premium-yearly',
        seats: 300,
        billing: DETAILS,
        paymentNonce: setup.paymentNonce,
      });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().description).toBe('Your card was declined.');
    });
  },
);
