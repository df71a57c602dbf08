import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { COUPON_ERRORS, type CardSetup, type Coupon } from '@vigil/shared';
import { TEST_COUPONS } from './billing.plans.ts';
import {
  ProviderError,
  type CardInput,
  type ChargeInput,
  type ChargeResult,
  type PaymentProvider,
  type ProviderEvent,
  type SubscribeInput,
  type SubscribeResult,
} from './payment-provider.ts';

/**
 * The built-in provider for machines without a Stripe key: no money moves. It knows Stripe's
 * well-known test cards, so the wizard behaves as it will with Stripe:
 * 4242 4242 4242 4242 succeeds, 4000 0027 6000 3184 asks for 3-D Secure (our own check page),
 * 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 is saved but its renewal payments are declined
 * (the dunning path); any other number is refused as a real card in test mode.
 * Its card checks and payment methods are signed tokens, so any server process can verify them and
 * nothing is kept in memory.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  threeDSecure: '4000002760003184',
  declined: '4000000000000002',
  renewalDeclined: '4000000000000341',
} as const;

/** The test provider's renewal charge of the card on file ('Visa •••• 0341' is declined). */
export const renewalDeclined = (paymentMethod: string | null): boolean =>
  !!paymentMethod?.endsWith(`•••• ${TEST_CARDS.renewalDeclined.slice(-4)}`);

/** A pending 3-D Secure check or a saved card may be used this long after the card was typed. */
const TOKEN_TTL_MS = 60 * 60 * 1000;

type Token = { kind: 'check' | 'card'; companyId: string; last4: string; amount: number; exp: number };

export const CARD_ERRORS = {
  declined: 'Your card was declined.',
  realCard: 'Your card was declined. Your request was in test mode, but used a non test card.',
  expiry: "Your card's expiration date is invalid.",
  cvc: "Your card's security code is invalid.",
  authentication:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  noCard: 'Please enter your card details.',
  invalidToken: 'The card check has expired. Please enter your card again.',
} as const;

function expiryValid(expiry: string, now: Date): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return false;
  return Date.UTC(year, month, 1) > now.getTime();
}

export function createTestProvider(secretKey: string): PaymentProvider {
  const key = createHmac('sha256', secretKey).update('vigil test payment provider').digest();
  const sign = (t: Token) => {
    const body = Buffer.from(JSON.stringify(t)).toString('base64url');
    return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  };
  const read = (token: string, kind: Token['kind'], companyId: string): Token => {
    const [body, mac] = token.split('.');
    const expected = createHmac('sha256', key)
      .update(body ?? '')
      .digest();
    const given = Buffer.from(mac ?? '', 'base64url');
    if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ProviderError(CARD_ERRORS.invalidToken, 'invalid_token');
    }
    const t = JSON.parse(Buffer.from(body, 'base64url').toString()) as Token;
    if (t.kind !== kind || t.companyId !== companyId || t.exp < Date.now()) {
      throw new ProviderError(CARD_ERRORS.invalidToken, 'invalid_token');
    }
    return t;
  };
  const card = (t: Omit<Token, 'kind' | 'exp'>): CardSetup => ({
    status: 'succeeded',
    clientSecret: null,
    paymentNonce: sign({ ...t, kind: 'card', exp: Date.now() + TOKEN_TTL_MS }),
  });

  return {
    kind: 'test',
    clientToken: () => ({ provider: 'test', testMode: true, publishableKey: null }),

    async findCoupon(code: string): Promise<Coupon | null> {
      return TEST_COUPONS.find((c) => c.code.toLowerCase() === code.trim().toLowerCase()) ?? null;
    },

    async setupCard(companyId: string, input: { card?: CardInput; amount: number }): Promise<CardSetup> {
      if (!input.card) throw new ProviderError(CARD_ERRORS.noCard, 'incomplete_number');
      const number = input.card.number.replace(/[\s-]/g, '');
      if (!expiryValid(input.card.expiry, new Date()))
        throw new ProviderError(CARD_ERRORS.expiry, 'invalid_expiry');
      if (!/^\d{3,4}$/.test(input.card.cvc)) throw new ProviderError(CARD_ERRORS.cvc, 'invalid_cvc');
      const facts = { companyId, last4: number.slice(-4), amount: input.amount };
      switch (number) {
        case TEST_CARDS.success:
        case TEST_CARDS.renewalDeclined:
          return card(facts);
        case TEST_CARDS.threeDSecure:
          return {
            status: 'requires_action',
            clientSecret: sign({ ...facts, kind: 'check', exp: Date.now() + TOKEN_TTL_MS }),
            paymentNonce: null,
          };
        case TEST_CARDS.declined:
          throw new ProviderError(CARD_ERRORS.declined, 'card_declined');
        default:
          throw new ProviderError(CARD_ERRORS.realCard, 'card_declined');
      }
    },

    async confirmCard(companyId: string, clientSecret: string, approve: boolean): Promise<CardSetup> {
      const check = read(clientSecret, 'check', companyId);
      if (!approve) throw new ProviderError(CARD_ERRORS.authentication, 'authentication_failed');
      return card({ companyId, last4: check.last4, amount: check.amount });
    },

    async subscribe(input: SubscribeInput): Promise<SubscribeResult> {
      const saved = input.paymentNonce ? read(input.paymentNonce, 'card', input.companyId) : null;
      if (!saved && !input.customerId) throw new ProviderError(CARD_ERRORS.noCard, 'missing_payment_method');
      if (input.couponCode && !(await this.findCoupon(input.couponCode))) {
        throw new ProviderError(COUPON_ERRORS.unknown, 'coupon');
      }
      return {
        customerId: input.customerId ?? `tcus_${randomUUID()}`,
        subscriptionId: input.subscriptionId ?? `tsub_${randomUUID()}`,
        paymentMethod: saved ? `Visa •••• ${saved.last4}` : null,
        status: 'active',
      };
    },

    async chargeOnce(input: ChargeInput): Promise<ChargeResult> {
      const saved = input.paymentNonce ? read(input.paymentNonce, 'card', input.ownerId) : null;
      if (!saved && !input.customerId) throw new ProviderError(CARD_ERRORS.noCard, 'missing_payment_method');
      if (!saved && renewalDeclined(input.cardOnFile ?? null)) {
        throw new ProviderError(CARD_ERRORS.declined, 'card_declined');
      }
      const paymentId = input.idempotencyKey
        ? `tpay_${createHmac('sha256', key).update(input.idempotencyKey).digest('hex').slice(0, 24)}`
        : `tpay_${randomUUID()}`;
      return {
        customerId: input.customerId ?? `tcus_${randomUUID()}`,
        paymentId,
        paymentMethod: saved ? `Visa •••• ${saved.last4}` : null,
      };
    },

    async previewChange() {
      return null;
    },

    async setCancelAtTermEnd(): Promise<void> {},

    async portalUrl(): Promise<string | null> {
      return null;
    },

    readWebhook(): ProviderEvent {
      throw new ProviderError('The test provider sends no webhooks.', 'no_webhooks');
    },

    async addOverage(): Promise<void> {
      // Its renewal invoices are ours to write, overage included (billing.service.ts).
      throw new ProviderError('The test provider writes its own renewal invoices.', 'not_supported');
    },
  };
}
