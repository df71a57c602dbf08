import type { BillingInfo, BillingPeriod, CardSetup, Coupon, PaymentClientToken } from '@vigil/shared';

/**
 * What the billing service needs from whoever takes the money. Two implementations: Stripe
 * (stripe-provider.ts) and the built-in test provider (test-provider.ts), chosen by configuration in
 * billing.service.ts. Prices, estimates and invoices' amounts are ours (packages/shared billing rules);
 * a provider holds customers, cards and subscriptions, and tells us by events what was paid.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  /** What the browser needs for the card step. */
  clientToken(): PaymentClientToken;
  /** A coupon (a promotion code with Stripe) by the code a person typed; null when unknown. */
  findCoupon(code: string): Promise<Coupon | null>;
  /** Starts saving a card for the company (3-D Secure included); `amount` is shown in the check. */
  setupCard(companyId: string, input: { card?: CardInput; amount: number }): Promise<CardSetup>;
  /** Test provider only: the answer of our own 3-D Secure page. Stripe confirms in the browser. */
  confirmCard(companyId: string, clientSecret: string, approve: boolean): Promise<CardSetup>;
  /** Creates the subscription, or changes the one the company has (plan, seats, period). */
  subscribe(input: SubscribeInput): Promise<SubscribeResult>;
  /**
   * The provider's own figures for changing an existing subscription (Stripe: an invoice preview, which
   * prorates to the second); null when the provider leaves the estimate to our rules.
   */
  previewChange(input: PreviewInput): Promise<ProviderPreview | null>;
  /** Stops renewal at the end of the paid term, or takes that back. */
  setCancelAtTermEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /**
   * Charges an amount once (a partner's dues): to the card `paymentNonce` from setupCard/confirmCard
   * (saved as the customer's default), else to the customer's default card. Throws ProviderError when
   * the card is refused or there is none.
   */
  chargeOnce(input: ChargeInput): Promise<ChargeResult>;
  /** The provider's billing portal for the customer; null when the provider has none. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
  /** Verifies a webhook's signature and reads it; throws ProviderError when it is not genuine. */
  readWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /**
   * Adds the seat-days over the plan to a draft renewal invoice (Stripe: an invoice item on that
   * invoice). Idempotent per invoice: asking twice for the same invoice adds one item.
   */
  addOverage(input: OverageItem): Promise<void>;
}

/** The 'Additional seats' line of a renewal invoice. */
export interface OverageItem {
  customerId: string;
  invoiceId: string;
  currency: string;
  amount: number;
  seatDays: number;
  description: string;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export interface SubscribeInput {
  companyId: string;
  planId: string;
  seats: number;
  period: BillingPeriod;
  billing: BillingInfo;
  customerId: string | null;
  /** The subscription to change; null creates one. */
  subscriptionId: string | null;
  /** From setupCard / confirmCard; null to keep the card on file. */
  paymentNonce: string | null;
  couponCode: string | null;
  /** Changing period starts a new term now; otherwise the term is kept and prorated. */
  newTerm: boolean;
}

export interface ChargeInput {
  /** Whose card it is: the id setupCard was given (a company's or a partner account's). */
  ownerId: string;
  customerId: string | null;
  paymentNonce: string | null;
  /** Cents. */
  amount: number;
  description: string;
  email: string | null;
  /**
   * The same key charges once however often it is asked (a job run again after a crash): Stripe's
   * Idempotency-Key; the test provider answers the same payment.
   */
  idempotencyKey?: string;
  /** The card on file as shown ('Visa •••• 0341'): the test provider declines its renewal-declined card. */
  cardOnFile?: string | null;
}

export interface ChargeResult {
  customerId: string;
  paymentId: string;
  /** e.g. 'Visa •••• 4242' for a new card; null keeps the one on file. */
  paymentMethod: string | null;
}

export interface PreviewInput {
  subscriptionId: string;
  planId: string;
  seats: number;
  newTerm: boolean;
  couponCode: string | null;
}

/** An invoice as the provider would issue it now, in cents. */
export interface ProviderPreview {
  subTotal: number;
  discount: number;
  creditsApplied: number;
  total: number;
  /** Credit beyond this invoice, kept for the next ones. */
  creditLeft: number;
}

export interface SubscribeResult {
  customerId: string;
  subscriptionId: string;
  /** e.g. 'Visa •••• 4242'; null keeps the one on file. */
  paymentMethod: string | null;
  status: 'active' | 'past_due';
}

/** A provider's event, reduced to what the billing service acts on. */
export type ProviderEvent =
  | {
      id: string;
      type: 'invoice.paid' | 'invoice.payment_failed';
      invoice: ProviderInvoice;
      /** A failed payment: when the provider charges again; null when it will not (its retry settings). */
      nextAttempt: Date | null;
    }
  | {
      id: string;
      type: 'invoice.created';
      invoice: ProviderInvoice;
      /** Still a draft, so lines may be added; and issued because a term renewed. */
      draft: boolean;
      renewal: boolean;
      /** The term that just ended (Stripe's invoice period), whose seat-days over the plan it bills. */
      usageStart: Date;
      usageEnd: Date;
      currency: string;
    }
  | {
      id: string;
      type: 'subscription.updated' | 'subscription.deleted';
      subscriptionId: string;
      cancelAtTermEnd: boolean;
      termStart: Date | null;
      termEnd: Date | null;
      seats: number | null;
    }
  | { id: string; type: 'ignored'; name: string };

export interface ProviderInvoice {
  providerInvoiceId: string;
  subscriptionId: string;
  periodStart: Date;
  periodEnd: Date;
  subTotal: number;
  discount: number;
  creditsApplied: number;
  total: number;
  seats: number | null;
  /** The 'Additional seats' line we added (addOverage), when the invoice carries one. */
  overage: { amount: number; seatDays: number } | null;
}

/** A refusal by the provider that the person can act on (a declined card, a failed check). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
