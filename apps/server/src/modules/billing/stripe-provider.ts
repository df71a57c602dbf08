import Stripe from 'stripe';
import { COUPON_ERRORS, type CardSetup, type Coupon } from '@vigil/shared';
import type { StripeConfig } from '../../config.ts';
import {
  ProviderError,
  type ChargeInput,
  type ChargeResult,
  type PaymentProvider,
  type PreviewInput,
  type ProviderEvent,
  type ProviderPreview,
  type ProviderInvoice,
  type OverageItem,
  type SubscribeInput,
  type SubscribeResult,
} from './payment-provider.ts';

/**
 * Stripe through its official SDK. Every plan variant is a tiered Price whose lookup key is our plan
 * id; a card is saved with a SetupIntent (3-D Secure is done by Stripe.js in the browser); the
 * subscription's invoices reach us by signed webhooks, which are what marks them paid or failed.
 */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  const refuse = (err: unknown): never => {
    if (err instanceof Stripe.errors.StripeCardError) {
      throw new ProviderError(err.message, err.code ?? 'card_declined');
    }
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code?.startsWith('coupon')) {
      throw new ProviderError(COUPON_ERRORS.unknown, 'coupon');
    }
    throw err;
  };

  async function priceId(planId: string): Promise<string> {
    const prices = await stripe.prices.list({ lookup_keys: [planId], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new Error(`Stripe has no active price with lookup key ${planId}.`);
    return price.id;
  }

  async function promotionCodeId(code: string): Promise<string | null> {
    const found = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
    return found.data[0]?.id ?? null;
  }

  /** The PaymentMethod a succeeded SetupIntent of this company saved; the nonce is the SetupIntent's id. */
  async function paymentMethodOf(companyId: string, setupIntentId: string) {
    const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
    const pm = intent.payment_method;
    if (
      intent.metadata?.companyId !== companyId ||
      intent.status !== 'succeeded' ||
      !pm ||
      typeof pm === 'string'
    ) {
      throw new ProviderError('The card has not been confirmed. Please enter it again.', 'setup_incomplete');
    }
    const label = pm.card
      ? `${pm.card.brand.replace(/^\w/, (c) => c.toUpperCase())} •••• ${pm.card.last4}`
      : pm.type;
    return { id: pm.id, label };
  }

  return {
    kind: 'stripe',
    clientToken: () => ({
      provider: 'stripe',
      testMode: config.secretKey.startsWith('sk_test_'),
      publishableKey: config.publishableKey,
    }),

    async findCoupon(code: string): Promise<Coupon | null> {
      const found = await stripe.promotionCodes.list({
        code,
        active: true,
        limit: 1,
        expand: ['data.promotion.coupon'],
      });
      const promo = found.data[0];
      const coupon = promo?.promotion.coupon;
      if (!promo || !coupon || typeof coupon === 'string' || !coupon.valid) return null;
      const redeemBy = [promo.expires_at, coupon.redeem_by].filter((t): t is number => typeof t === 'number');
      return {
        code: promo.code,
        kind: coupon.percent_off ? 'percent' : 'amount',
        value: coupon.percent_off ?? coupon.amount_off ?? 0,
        duration: coupon.duration === 'forever' ? 'forever' : 'once',
        validTill: redeemBy.length ? new Date(Math.min(...redeemBy) * 1000) : null,
        description: coupon.name ?? promo.code,
      };
    },

    async setupCard(companyId: string, input: { amount: number }): Promise<CardSetup> {
      const intent = await stripe.setupIntents.create({
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { companyId, amount: String(input.amount) },
      });
      return { status: 'requires_action', clientSecret: intent.client_secret, paymentNonce: intent.id };
    },

    async confirmCard(): Promise<CardSetup> {
      throw new ProviderError('Stripe confirms the card in the browser.', 'not_supported');
    },

    async subscribe(input: SubscribeInput): Promise<SubscribeResult> {
      try {
        const pm = input.paymentNonce ? await paymentMethodOf(input.companyId, input.paymentNonce) : null;
        const address = {
          line1: input.billing.line1 || undefined,
          line2: input.billing.line2 || undefined,
          city: input.billing.city || undefined,
          state: input.billing.state || undefined,
          postal_code: input.billing.zip || undefined,
          country: input.billing.country || undefined,
        };
        const customer = {
          email: input.billing.email,
          name: `${input.billing.firstName} ${input.billing.lastName}`,
          address,
          metadata: { companyId: input.companyId },
        };
        const customerId = input.customerId
          ? (await stripe.customers.update(input.customerId, customer)).id
          : (await stripe.customers.create(customer)).id;
        if (pm) {
          await stripe.paymentMethods.attach(pm.id, { customer: customerId });
          await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
        }
        const price = await priceId(input.planId);
        const promotion = input.couponCode ? await promotionCodeId(input.couponCode) : null;
        if (input.couponCode && !promotion) throw new ProviderError(COUPON_ERRORS.unknown, 'coupon');
        const discounts = promotion ? [{ promotion_code: promotion }] : undefined;
        const metadata = { companyId: input.companyId, planId: input.planId };
        let sub: Stripe.Subscription;
        if (input.subscriptionId) {
          const current = await stripe.subscriptions.retrieve(input.subscriptionId);
          const update: Stripe.SubscriptionUpdateParams = {
            items: [{ id: current.items.data[0]!.id, price, quantity: input.seats }],
            proration_behavior: 'always_invoice',
            cancel_at_period_end: false,
            payment_behavior: 'error_if_incomplete',
            metadata,
          };
          // The SDK's type for this parameter resolves to no declared union; 'now' is the documented value.
          if (input.newTerm)
            update.billing_cycle_anchor = 'now' as unknown as typeof update.billing_cycle_anchor;
          if (pm) update.default_payment_method = pm.id;
          if (discounts) update.discounts = discounts;
          sub = await stripe.subscriptions.update(input.subscriptionId, update);
        } else {
          sub = await stripe.subscriptions.create({
            customer: customerId,
            items: [{ price, quantity: input.seats }],
            payment_behavior: 'error_if_incomplete',
            ...(pm ? { default_payment_method: pm.id } : {}),
            ...(discounts ? { discounts } : {}),
            metadata,
          });
        }
        return {
          customerId,
          subscriptionId: sub.id,
          paymentMethod: pm?.label ?? null,
          status: sub.status === 'past_due' ? 'past_due' : 'active',
        };
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        return refuse(err);
      }
    },

    async chargeOnce(input: ChargeInput): Promise<ChargeResult> {
      try {
        const pm = input.paymentNonce ? await paymentMethodOf(input.ownerId, input.paymentNonce) : null;
        const key = (what: string) =>
          input.idempotencyKey ? { idempotencyKey: `${input.idempotencyKey}-${what}` } : undefined;
        const customerId =
          input.customerId ??
          (
            await stripe.customers.create(
              { ...(input.email ? { email: input.email } : {}), metadata: { ownerId: input.ownerId } },
              key('customer'),
            )
          ).id;
        if (pm) {
          await stripe.paymentMethods.attach(pm.id, { customer: customerId });
          await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
        }
        const customer = await stripe.customers.retrieve(customerId);
        const fallback =
          !customer.deleted && typeof customer.invoice_settings?.default_payment_method === 'string'
            ? customer.invoice_settings.default_payment_method
            : null;
        const method = pm?.id ?? fallback;
        if (!method) throw new ProviderError('Please enter your card details.', 'missing_payment_method');
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: 'eur',
            customer: customerId,
            payment_method: method,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { ownerId: input.ownerId },
          },
          key('payment'),
        );
        if (intent.status !== 'succeeded') {
          throw new ProviderError('Your card was declined.', intent.status);
        }
        return { customerId, paymentId: intent.id, paymentMethod: pm?.label ?? null };
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        return refuse(err);
      }
    },

    async previewChange(input: PreviewInput): Promise<ProviderPreview | null> {
      const current = await stripe.subscriptions.retrieve(input.subscriptionId);
      const price = await priceId(input.planId);
      const promotion = input.couponCode ? await promotionCodeId(input.couponCode) : null;
      const details: Stripe.InvoiceCreatePreviewParams.SubscriptionDetails = {
        items: [{ id: current.items.data[0]!.id, price, quantity: input.seats }],
        proration_behavior: 'always_invoice',
      };
      // As in subscriptions.update: see there for the cast.
      if (input.newTerm)
        details.billing_cycle_anchor = 'now' as unknown as typeof details.billing_cycle_anchor;
      const invoice = await stripe.invoices.createPreview({
        subscription: input.subscriptionId,
        subscription_details: details,
        ...(promotion ? { discounts: [{ promotion_code: promotion }] } : {}),
      });
      const amounts = invoice.lines.data.map((l) => l.amount);
      const credits = -amounts.filter((a) => a < 0).reduce((sum, a) => sum + a, 0);
      const discount = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
      return {
        subTotal: amounts.filter((a) => a > 0).reduce((sum, a) => sum + a, 0),
        discount,
        creditsApplied: Math.min(credits, Math.max(0, invoice.total + credits)),
        total: Math.max(0, invoice.total),
        creditLeft: Math.max(0, -invoice.total),
      };
    },

    async setCancelAtTermEnd(subscriptionId: string, cancel: boolean): Promise<void> {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async portalUrl(customerId: string, returnUrl: string): Promise<string | null> {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    readWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (!config.webhookSecret) throw new ProviderError('Webhooks are not configured.', 'no_webhook_secret');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch {
        throw new ProviderError('The webhook signature is not valid.', 'invalid_signature');
      }
      return toProviderEvent(event);
    },

    async addOverage(item: OverageItem): Promise<void> {
      // Stripe keeps an idempotency key 24 hours: a replayed or repeated webhook adds no second item.
      await stripe.invoiceItems.create(
        {
          customer: item.customerId,
          invoice: item.invoiceId,
          currency: item.currency,
          amount: item.amount,
          description: item.description,
          metadata: { kind: OVERAGE_KIND, seatDays: String(item.seatDays) },
        },
        { idempotencyKey: `overage-${item.invoiceId}` },
      );
    },
  };
}

/** The metadata that marks our 'Additional seats' invoice item (and its invoice line). */
const OVERAGE_KIND = 'vigil-overage';

const at = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

function invoiceOf(invoice: Stripe.Invoice): ProviderInvoice | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  const subscriptionId = typeof sub === 'string' ? sub : sub?.id;
  if (!subscriptionId || !invoice.id) return null;
  const lines = invoice.lines?.data ?? [];
  const isOverage = (l: Stripe.InvoiceLineItem) => l.metadata?.kind === OVERAGE_KIND;
  const plan = lines.filter((l) => !isOverage(l));
  const line = plan.find((l) => l.quantity) ?? plan[0];
  const extra = lines.filter(isOverage);
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
  return {
    providerInvoiceId: invoice.id,
    subscriptionId,
    periodStart: at(line?.period.start) ?? at(invoice.period_start)!,
    periodEnd: at(line?.period.end) ?? at(invoice.period_end)!,
    subTotal: invoice.subtotal,
    discount,
    creditsApplied: Math.max(0, invoice.subtotal - discount - invoice.total),
    total: invoice.total,
    seats: line?.quantity ?? null,
    overage: extra.length
      ? {
          amount: extra.reduce((sum, l) => sum + l.amount, 0),
          seatDays: extra.reduce((sum, l) => sum + Number(l.metadata.seatDays ?? 0), 0),
        }
      : null,
  };
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = invoiceOf(event.data.object);
      if (!invoice) return { id: event.id, type: 'ignored', name: event.type };
      return {
        id: event.id,
        type: event.type,
        invoice,
        nextAttempt: at(event.data.object.next_payment_attempt),
      };
    }
    case 'invoice.created': {
      const object = event.data.object;
      const invoice = invoiceOf(object);
      if (!invoice) return { id: event.id, type: 'ignored', name: event.type };
      return {
        id: event.id,
        type: 'invoice.created',
        invoice,
        draft: object.status === 'draft',
        renewal: object.billing_reason === 'subscription_cycle',
        usageStart: at(object.period_start)!,
        usageEnd: at(object.period_end)!,
        currency: object.currency,
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const item = sub.items.data[0];
      return {
        id: event.id,
        type:
          event.type === 'customer.subscription.deleted' ? 'subscription.deleted' : 'subscription.updated',
        subscriptionId: sub.id,
        cancelAtTermEnd: sub.cancel_at_period_end,
        termStart: at(item?.current_period_start),
        termEnd: at(item?.current_period_end),
        seats: item?.quantity ?? null,
      };
    }
    default:
      return { id: event.id, type: 'ignored', name: event.type };
  }
}
