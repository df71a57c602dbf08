import { TRIAL_VERIFY_TTL_HOURS } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { defineJob, type AnyJob, type JobPayload } from '../../jobs/jobs.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import { signinMail } from '../../mail/templates/signin-mail.ts';
import { productBrand } from '../companies/companies.service.ts';
import { pruneTrialSignups } from './trial.queries.ts';
import { newTrialLink, TRIAL_VERIFY_JOB } from './trial.service.ts';

/** The confirmation mail of a trial sign-up, in the product's brand (there is no company yet). */
async function sendTrialLink(ctx: AppContext, job: JobPayload<'trial.verify-mail'>): Promise<void> {
  const url = await newTrialLink(ctx, job.email, job.timeZone);
  const mail = signinMail({
    brand: productBrand(ctx.config),
    recipientName: '',
    url,
    purpose: 'verify',
    expiresIn: `${TRIAL_VERIFY_TTL_HOURS} hours`,
  });
  await deliverMail(ctx, { kind: 'signup', companyId: null, to: job.email, secrets: [url], ...mail });
  if (ctx.mailer.kind === 'outbox' && ctx.config.printSigninLinks) {
    ctx.log.info(`Trial confirmation link for ${job.email}: ${url}`);
  }
}

/** Used and expired sign-ups are kept a day for support questions, then removed. */
async function pruneSignups(ctx: AppContext): Promise<void> {
  await pruneTrialSignups(ctx.db, new Date(Date.now() - 86_400_000));
}

export const trialJobs: AnyJob[] = [
  defineJob({ name: TRIAL_VERIFY_JOB, handler: sendTrialLink }),
  defineJob({ name: 'trial.prune', handler: pruneSignups, cron: '29 3 * * *' }),
];
