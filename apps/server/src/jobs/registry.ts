import type { AppContext } from '../context.ts';
import { parsePayload, type AnyJob, type JobDefinition, type JobName } from './jobs.ts';
import { assessmentsJobs } from '../modules/assessments/assessments.jobs.ts';
import { authJobs } from '../modules/auth/auth.jobs.ts';
import { billingJobs } from '../modules/billing/billing.jobs.ts';
import { trialJobs } from '../modules/trial/trial.jobs.ts';
import { campaignJobs } from '../modules/campaigns/campaigns.jobs.ts';
import { enrolmentJobs } from '../modules/enrolment/enrolment.jobs.ts';
import { trainingsJobs } from '../modules/trainings/trainings.jobs.ts';
import { webhooksJobs } from '../modules/webhooks/webhooks.jobs.ts';
import { directoryJobs } from '../modules/directory/directory.jobs.ts';
import { partnersJobs } from '../modules/partners/partners.dues.ts';
import { phishingTrackingJobs } from '../modules/phishing-tracking/phishing-tracking.jobs.ts';

// Each module owns its handlers; this list only gathers them (with the campaign kinds registered).
const definitions = (ctx: AppContext): AnyJob[] => [
  ...authJobs,
  ...trialJobs,
  ...trainingsJobs,
  ...campaignJobs(),
  ...assessmentsJobs,
  ...enrolmentJobs,
  ...webhooksJobs,
  ...billingJobs,
  ...directoryJobs(ctx),
  ...partnersJobs,
  ...phishingTrackingJobs,
];

/**
 * How often each queue is asked for work. Every queue is polled by its own statement, so a shorter
 * interval costs the database a steady stream of statements even when idle (on PGlite they take turns
 * with every API call on its one connection); a job waits at most this long to start.
 */
const POLL_SECONDS = 2;

/** Creates every queue, so that what anything sends has somewhere to go; no handler runs yet. */
export async function createJobQueues(ctx: AppContext): Promise<void> {
  for (const def of definitions(ctx)) {
    await ctx.queue.createQueue(def.name, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  }
}

/**
 * Schedules the periodic jobs; with `work`, this process also runs every queue's handlers and each
 * module's start-up step. Called once the queues exist and the data they act on is in place.
 */
export async function startJobs(ctx: AppContext, work: boolean): Promise<void> {
  const all = definitions(ctx);
  for (const def of all) {
    if (def.cron) await ctx.queue.schedule(def.name, def.cron);
    if (!work) continue;
    await ctx.queue.work(def.name, { pollingIntervalSeconds: POLL_SECONDS }, async (jobs) => {
      const run = def as JobDefinition<JobName>;
      for (const job of jobs) await run.handler(ctx, parsePayload(run.name, job.data));
    });
  }
  if (work) for (const def of all) await def.onStart?.(ctx);
}
