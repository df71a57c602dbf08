import type { AppContext } from '../../context.ts';
import { defineJob, type AnyJob } from '../../jobs/jobs.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import { signinMail } from '../../mail/templates/signin-mail.ts';
import { brandOf, companiesOfMember, productBrand } from '../companies/companies.service.ts';
import { findUserById, pruneExpiredAuth } from './auth.queries.ts';
import { createSigninLink, SIGNIN_LINK_JOB, type SigninLinkJob } from './auth.service.ts';

/**
 * The company whose branding a sign-in mail wears: the one the request named when the person belongs
 * to it, else their first; never a company they do not belong to, whatever the request said.
 */
async function brandCompany(ctx: AppContext, userId: string, companyId: string | undefined) {
  const member = await companiesOfMember(ctx.db, userId);
  return (member.find((m) => m.company.id === companyId) ?? member[0])?.company;
}

/**
 * Makes the link inside the job, so the raw token exists only in the mail itself; a retried job
 * makes a new link and the unused one simply expires.
 */
async function sendSigninLink(ctx: AppContext, job: SigninLinkJob): Promise<void> {
  const user = await findUserById(ctx.db, job.userId);
  if (!user) return;
  const company = await brandCompany(ctx, user.id, job.companyId);
  const url = await createSigninLink(ctx, user.id, job.redirect);
  const mail = signinMail({
    brand: company ? brandOf(ctx.config, company) : productBrand(ctx.config),
    recipientName: user.name,
    url,
    purpose: job.purpose,
  });
  await deliverMail(ctx, {
    kind: job.purpose === 'verify' ? 'signup' : 'signin',
    companyId: company?.id ?? null,
    to: user.email,
    secrets: [url],
    ...mail,
  });
  if (ctx.mailer.kind === 'outbox' && ctx.config.printSigninLinks) {
    ctx.log.info(`Sign-in link for ${user.email}: ${url}`);
  }
}

/** Expired links and sessions are kept a day for support questions, then removed. */
async function pruneAuth(ctx: AppContext): Promise<void> {
  await pruneExpiredAuth(ctx.db, new Date(Date.now() - 86_400_000));
}

export const authJobs: AnyJob[] = [
  defineJob({ name: SIGNIN_LINK_JOB, handler: sendSigninLink }),
  defineJob({ name: 'auth.prune', handler: pruneAuth, cron: '17 3 * * *' }),
];
