import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerAccounts, partnerDues } from '../../db/schema/index.ts';
import { bearer, createManager, createPartner, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { billPastMonth } from './partners.dues.ts';
import { insertCustomer } from './partners.queries.ts';

/**
 * A partner's dues paid through Stripe (chargeOnce: an off-session PaymentIntent confirmed at once),
 * the official SDK against the local stand-in: a new card from the card step, the card on file, a
 * decline, and the monthly job's charge made once per due by its idempotency key.
 */
describe.each(testDatabases())('partner dues through Stripe on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let partnerId: string;
  let token: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ prices: {}, promotionCodes: {}, preview: { charge: 0, credit: 0 } });
    t = await createTestApp(kind, {
      STRIPE_SECRET_KEY: 'sk_test_vigil',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_vigil',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_vigil',
      STRIPE_API_BASE: stripe.url,
    });
    const admin = await createManager(t.ctx.db, { email: 'dues@partner.example' });
    partnerId = (await createPartner(t.ctx.db, admin.id, 'Stripe Partner')).id;
    token = await signIn(t, admin.id);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.inject({ method, url: `/api/partners/${partnerId}${url}`, headers: bearer(token), payload });
  const dues = () => t.ctx.db.select().from(partnerDues).where(eq(partnerDues.partnerAccountId, partnerId));
  const due = (description: string, amount: number) =>
    t.ctx.db.insert(partnerDues).values({ partnerAccountId: partnerId, description, amount });

  it('pays the dues with a new card: a SetupIntent, then an off-session PaymentIntent to it', async () => {
    await due('October', 12345);
    const setup = await call('POST', '/card', { amount: 12345 });
    expect(setup.statusCode, setup.body).toBe(200);
    const { paymentNonce } = setup.json();
    expect(paymentNonce).toMatch(/^seti_/);

    // Before Stripe.js has confirmed the card, it is refused and nothing is charged.
    const early = await call('POST', '/collect', { paymentNonce });
    expect(early.statusCode).toBe(402);
    expect(stripe.paymentIntents).toHaveLength(0);

    stripe.confirmSetupIntent(paymentNonce, { brand: 'visa', last4: '4242' });
    const paid = await call('POST', '/collect', { paymentNonce });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ totalDues: 0, paymentState: 'ok', paymentMethod: 'Visa •••• 4242' });

    expect(stripe.paymentIntents).toHaveLength(1);
    const sent = stripe.requests.find((r) => r.path === '/v1/payment_intents')!.params;
    expect(Object.fromEntries(sent)).toMatchObject({
      amount: '12345',
      currency: 'eur',
      off_session: 'true',
      confirm: 'true',
      'metadata[ownerId]': partnerId,
    });
    expect(sent.get('customer')).toMatch(/^cus_/);
    expect(sent.get('payment_method')).toMatch(/^pm_/);
    const [row] = await dues();
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: stripe.paymentIntents[0]!.id });
    const [account] = await t.ctx.db.select().from(partnerAccounts).where(eq(partnerAccounts.id, partnerId));
    expect(account).toMatchObject({ billingProvider: 'stripe', paymentMethod: 'Visa •••• 4242' });
    expect(account!.billingCustomerId).toBe(sent.get('customer'));
  });

  it('charges the card on file (the customer’s default), and marks the dues failed when it is declined', async () => {
    await due('November', 500);
    stripe.declineNextPayment();
    const declined = await call('POST', '/collect', {});
    expect(declined.statusCode).toBe(402);
    expect(declined.json().description).toBe('Your card was declined.');
    expect((await dues()).find((d) => d.description === 'November')).toMatchObject({ status: 'failed' });
    expect((await call('GET', '/overview')).json()).toMatchObject({ paymentState: 'failed', totalDues: 500 });

    const retried = await call('POST', '/collect', {});
    expect(retried.statusCode, retried.body).toBe(200);
    const intents = stripe.requests.filter((r) => r.path === '/v1/payment_intents');
    // The default card saved with the first payment is the one charged.
    expect(intents.at(-1)!.params.get('payment_method')).toBe(intents[0]!.params.get('payment_method'));
    expect((await dues()).find((d) => d.description === 'November')).toMatchObject({ status: 'paid' });
  });

  it('the monthly job charges a due once by its idempotency key, even when run again after a crash', async () => {
    await insertCustomer(t.ctx.db, partnerId, {
      name: 'Billed Customer',
      subscription: {
        packageName: 'Business',
        planCode: 'business',
        seats: 40,
        definition: {},
        validFrom: new Date(Date.UTC(2026, 0, 1)),
        validTo: new Date(Date.UTC(2030, 0, 1)),
      },
    });
    const run = new Date(Date.UTC(2026, 10, 1, 3, 30));
    const before = stripe.paymentIntents.length;
    await billPastMonth(t.ctx, run);
    const [october] = (await dues()).filter((d) => d.period === '2026-10');
    expect(october).toMatchObject({ status: 'paid' });
    expect(stripe.paymentIntents).toHaveLength(before + 1);
    const charge = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(charge.idempotencyKey).toBe(`partner-due-${october!.id}-payment`);

    // As if the process had died after Stripe took the money and before the due was marked paid.
    await t.ctx.db
      .update(partnerDues)
      .set({ status: 'open', providerPaymentId: null, paidAt: null, claimedAt: null, billedAt: null })
      .where(and(eq(partnerDues.partnerAccountId, partnerId), eq(partnerDues.id, october!.id)));
    await billPastMonth(t.ctx, run);
    // Stripe answered the repeated key with the first PaymentIntent: no second charge.
    expect(stripe.paymentIntents).toHaveLength(before + 1);
    const [again] = (await dues()).filter((d) => d.period === '2026-10');
    expect(again).toMatchObject({ status: 'paid', providerPaymentId: october!.providerPaymentId });
  });
});
