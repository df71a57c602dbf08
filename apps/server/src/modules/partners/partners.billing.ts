/**
 * The partner's overview, dues and payments (spec 3 §2.6 payment banner, §3 Partner overview, §4
 * 'Collecting marks the overview as collected'): the dues are paid through the billing module's
 * payment provider (chargeOnce), the card is saved with its card step, and 'Update your payment
 * method' opens the provider's billing portal.
 */
import {
  PARTNER,
  PARTNER_MESSAGES,
  type CardSetup,
  type PartnerOverview,
  type PartnerPaymentState,
} from '@vigil/shared';
import { AppError, Conflict } from '../../http/errors.ts';
import type { PartnerAccess } from '../../http/partner.ts';
import { ProviderError, type Billing } from '../billing/billing.service.ts';
import { duesOf, markDues, partnerBilling, savePartnerBilling, unpaidDues } from './partners.queries.ts';
import { planRows } from './partners.service.ts';

function paymentFailure(err: unknown): never {
  if (err instanceof ProviderError) throw new AppError(402, 'Payment Required', err.message);
  throw err;
}

/** GET /partners/{id}/overview */
export async function partnerOverview(b: Billing, partner: PartnerAccess): Promise<PartnerOverview> {
  const now = new Date();
  const [rows, dues, billing] = await Promise.all([
    planRows(b.db, partner, now),
    duesOf(b.db, partner.id),
    partnerBilling(b.db, partner.id),
  ]);
  const unpaid = dues.filter((d) => d.status !== 'paid');
  const state: PartnerPaymentState = unpaid.some((d) => d.status === 'failed')
    ? 'failed'
    : unpaid.length > 0
      ? 'due'
      : 'ok';
  const oldest = unpaid.reduce<Date | null>(
    (min, d) => (min === null || d.createdAt < min ? d.createdAt : min),
    null,
  );
  return {
    partnerId: partner.id,
    partnerName: partner.name,
    rows,
    sumMonthlyCost: rows.reduce((sum, r) => sum + r.totalMonthlyCost, 0),
    totalDues: unpaid.reduce((sum, d) => sum + d.amount, 0),
    collected: unpaid.length === 0 && dues.some((d) => d.status === 'paid'),
    hasValidCard: !!billing?.customerId && !!billing.paymentMethod,
    paymentMethod: billing?.paymentMethod ?? null,
    paymentClient: b.provider.clientToken(),
    currencyCode: PARTNER.currencyCode,
    dueSince: oldest?.toISOString() ?? null,
    paymentState: state,
    payments: dues.map((d) => ({
      id: d.id,
      createdAt: d.createdAt.toISOString(),
      description: d.description,
      amount: d.amount,
      status: d.status,
      paidAt: d.paidAt?.toISOString() ?? null,
    })),
  };
}

/** The card step for the partner's dues: the provider's card check, keyed by the partner account. */
export async function partnerCardSetup(
  b: Billing,
  partner: PartnerAccess,
  input: { card?: { number: string; expiry: string; cvc: string } | undefined; amount: number },
): Promise<CardSetup> {
  return b.provider
    .setupCard(partner.id, { ...(input.card ? { card: input.card } : {}), amount: input.amount })
    .catch(paymentFailure);
}

export async function partnerCardConfirm(
  b: Billing,
  partner: PartnerAccess,
  input: { clientSecret: string; approve: boolean },
): Promise<CardSetup> {
  return b.provider.confirmCard(partner.id, input.clientSecret, input.approve).catch(paymentFailure);
}

/**
 * POST /partners/{id}/collect: pays every open or failed due at once, with a new card (from the card
 * step) or the one on file. A refused card marks the dues failed ('Payment failed').
 */
export async function collectDues(
  b: Billing,
  partner: PartnerAccess,
  input: { paymentNonce?: string | undefined },
  payer: { email: string },
): Promise<PartnerOverview> {
  const unpaid = await unpaidDues(b.db, partner.id);
  if (unpaid.length === 0) throw Conflict(PARTNER_MESSAGES.nothingDue);
  const billing = await partnerBilling(b.db, partner.id);
  const customerId = billing?.provider === b.provider.kind ? (billing.customerId ?? null) : null;
  if (!input.paymentNonce && !customerId) {
    throw new AppError(402, 'Payment Required', PARTNER_MESSAGES.noCard);
  }
  const ids = unpaid.map((d) => d.id);
  const amount = unpaid.reduce((sum, d) => sum + d.amount, 0);
  try {
    const paid = await b.provider.chargeOnce({
      ownerId: partner.id,
      customerId,
      paymentNonce: input.paymentNonce ?? null,
      amount,
      description: `${partner.name}: ${unpaid.length} due payment${unpaid.length === 1 ? '' : 's'}`,
      email: payer.email,
    });
    await savePartnerBilling(b.db, partner.id, {
      provider: b.provider.kind,
      customerId: paid.customerId,
      paymentMethod: paid.paymentMethod ?? undefined,
    });
    await markDues(b.db, partner.id, ids, 'paid', paid.paymentId);
  } catch (err) {
    if (err instanceof ProviderError) await markDues(b.db, partner.id, ids, 'failed', null);
    paymentFailure(err);
  }
  return partnerOverview(b, partner);
}

/** POST /partners/{id}/create_portal_session: the provider's portal for the partner's card and invoices. */
export async function partnerPortal(b: Billing, partner: PartnerAccess): Promise<{ url: string | null }> {
  const billing = await partnerBilling(b.db, partner.id);
  if (!billing?.customerId || billing.provider !== b.provider.kind) return { url: null };
  const returnUrl = `${b.config.publicUrl}/partner/${partner.id}/payments/`;
  return { url: await b.provider.portalUrl(billing.customerId, returnUrl) };
}
