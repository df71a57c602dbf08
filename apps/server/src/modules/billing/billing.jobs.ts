import type { AppContext } from '../../context.ts';
import { defineJob, type AnyJob, type JobPayload } from '../../jobs/jobs.ts';
import { systemScope } from '../../lib/scope.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import { paymentFailedMail } from '../../mail/templates/payment-failed-mail.ts';
import { findUserById } from '../auth/auth.service.ts';
import { brandOf, companyById } from '../companies/companies.service.ts';
import { invoiceById } from './billing.queries.ts';

export const PAYMENT_FAILED_JOB = 'billing.payment-failed';

/** The 'Payment failed' mail to one manager, in the company's brand, pointing at the subscription settings. */
async function sendPaymentFailed(ctx: AppContext, job: JobPayload<typeof PAYMENT_FAILED_JOB>): Promise<void> {
  const scope = systemScope(job.companyId, 'payment-failed mail');
  const [record, user, invoice] = await Promise.all([
    companyById(ctx.db, job.companyId),
    findUserById(ctx.db, job.userId),
    invoiceById(ctx.db, scope, job.invoiceId),
  ]);
  if (!record || !user || !invoice) return;
  const mail = paymentFailedMail({
    brand: brandOf(ctx.config, record.company),
    recipientName: user.name,
    companyName: record.company.name,
    invoiceDescription: invoice.description,
    amount: invoice.total,
    nextAttempt: job.nextAttempt ? new Date(job.nextAttempt) : null,
    endedOn: job.endedOn ? new Date(job.endedOn) : null,
    url: `${ctx.config.publicUrl}/settings/subscriptions/`,
  });
  await deliverMail(ctx, { kind: 'payment-failed', companyId: job.companyId, to: user.email, ...mail });
}

export const billingJobs: AnyJob[] = [defineJob({ name: PAYMENT_FAILED_JOB, handler: sendPaymentFailed })];
