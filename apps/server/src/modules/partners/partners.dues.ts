/**
 * The monthly dues (spec 3 §3 totalDues): every night the job makes sure each partner account has its
 * dues for the month that ended, computed by the overview's rule (planRows: the customers still valid
 * at the month's end, each at its plan's monthly price for its seats), charges the card on file through
 * the payment provider (chargeOnce) and mails the partner admins. Once per partner and month whatever
 * crashes or runs twice: the due is unique per (partner, month), the charge carries an idempotency
 * key of the due, one run at a time takes a due (claimed_at, a lease that a crashed run lets lapse),
 * and a due is done (billed_at) only after its charge and mails.
 */
import { PARTNER } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { defineJob, enqueue, MAIL_RETRY, type AnyJob, type JobPayload } from '../../jobs/jobs.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import { partnerDuesMail } from '../../mail/templates/partner-dues-mail.ts';
import { findUserById } from '../auth/auth.service.ts';
import { billingFor, ProviderError } from '../billing/billing.service.ts';
import { brandOf } from '../companies/companies.service.ts';
import {
  allPartners,
  claimDue,
  dueById,
  ensurePeriodDue,
  markBilled,
  markDues,
  partnerAdminIds,
  partnerBilling,
  partnerNamed,
  savePartnerBilling,
} from './partners.queries.ts';
import { planRows } from './partners.service.ts';

export const MONTHLY_DUES_JOB = 'partners.monthly-dues';
export const DUES_MAIL_JOB = 'partners.dues-mail';

/** How long a run holds a due it is charging; past it, a run that crashed is taken to be gone. */
const CLAIM_LEASE_MS = 15 * 60_000;

/** The calendar month (UTC) before the one `at` is in: its key ('2026-10'), name and end. */
export function pastMonth(at: Date): { period: string; name: string; end: Date } {
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1));
  return {
    period: start.toISOString().slice(0, 7),
    name: start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    end,
  };
}

/** Creates, charges and mails every partner's dues for the month before `at` (each partner once). */
export async function billPastMonth(ctx: AppContext, at = new Date()): Promise<void> {
  const month = pastMonth(at);
  for (const partner of await allPartners(ctx.db)) await billPartner(ctx, partner, month);
}

async function billPartner(
  ctx: AppContext,
  partner: { id: string; name: string },
  month: ReturnType<typeof pastMonth>,
): Promise<void> {
  const rows = await planRows(ctx.db, partner, month.end);
  const amount = rows.reduce((sum, r) => sum + r.totalMonthlyCost, 0);
  if (amount === 0) return;
  const companies = rows.reduce((sum, r) => sum + r.totalCompanies, 0);
  const seats = rows.reduce((sum, r) => sum + r.totalSeats, 0);
  const due = await ensurePeriodDue(ctx.db, partner.id, {
    period: month.period,
    amount,
    description: `Dues for ${month.name}: ${companies} ${companies === 1 ? 'company' : 'companies'}, ${seats} seats`,
  });
  if (due.billedAt || !(await claimDue(ctx.db, partner.id, due.id, CLAIM_LEASE_MS))) return;
  if (due.status === 'open') await chargeCardOnFile(ctx, partner, due);
  for (const userId of await partnerAdminIds(ctx.db, partner.id)) {
    await enqueue(ctx, DUES_MAIL_JOB, { partnerId: partner.id, userId, dueId: due.id }, MAIL_RETRY);
  }
  await markBilled(ctx.db, partner.id, due.id);
}

/** Charges the due to the partner's card on file, if it has one with this provider; a refusal marks it failed. */
async function chargeCardOnFile(
  ctx: AppContext,
  partner: { id: string; name: string },
  due: { id: string; amount: number; description: string },
): Promise<void> {
  const b = billingFor(ctx);
  const billing = await partnerBilling(ctx.db, partner.id);
  if (!billing?.customerId || billing.provider !== b.provider.kind) return;
  try {
    const paid = await b.provider.chargeOnce({
      ownerId: partner.id,
      customerId: billing.customerId,
      paymentNonce: null,
      amount: due.amount,
      description: `${partner.name}: ${due.description}`,
      email: null,
      idempotencyKey: `partner-due-${due.id}`,
      cardOnFile: billing.paymentMethod,
    });
    await savePartnerBilling(ctx.db, partner.id, { provider: b.provider.kind, customerId: paid.customerId });
    await markDues(ctx.db, partner.id, [due.id], 'paid', paid.paymentId);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    await markDues(ctx.db, partner.id, [due.id], 'failed', null);
  }
}

/** The dues mail to one partner admin, saying what became of the due when the job billed it. */
async function sendDuesMail(ctx: AppContext, job: JobPayload<typeof DUES_MAIL_JOB>): Promise<void> {
  const [due, user, partner] = await Promise.all([
    dueById(ctx.db, job.partnerId, job.dueId),
    findUserById(ctx.db, job.userId),
    partnerNamed(ctx.db, job.partnerId),
  ]);
  if (!due || !user || !partner) return;
  const brand = brandOf(ctx.config, {
    id: partner.id,
    name: partner.name,
    colorMain: null,
    logoName: null,
    settings: {},
  });
  const mail = partnerDuesMail({
    brand,
    recipientName: user.name,
    partnerName: partner.name,
    description: due.description,
    amount: due.amount,
    currency: PARTNER.currencyCode,
    outcome: due.status,
    url: `${ctx.config.publicUrl}/partner/${partner.id}/payments/`,
  });
  await deliverMail(ctx, { kind: 'partner-dues', companyId: null, to: user.email, ...mail });
}

export const partnersJobs: AnyJob[] = [
  // Nightly, so that a night the server was down is made up the next; each month is billed once.
  defineJob({ name: MONTHLY_DUES_JOB, cron: '30 3 * * *', handler: (ctx) => billPastMonth(ctx) }),
  defineJob({ name: DUES_MAIL_JOB, handler: sendDuesMail }),
];
