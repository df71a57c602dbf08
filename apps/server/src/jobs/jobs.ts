import { z } from 'zod';
import type { AppContext } from '../context.ts';

/**
 * Every job's payload, by job name: `enqueue` accepts only a job named here with its payload, and the
 * worker parses what it takes off the queue with the same schema before the handler sees it. A new
 * job (a campaign kind's queues too) is added here first.
 */
export const JOB_PAYLOADS = {
  'auth.signin-link': z.object({
    userId: z.string(),
    purpose: z.enum(['signin', 'verify', 'welcome']),
    redirect: z.string().optional(),
    companyId: z.string().optional(),
  }),
  'auth.prune': z.looseObject({}),
  /** A free-trial sign-up to confirm: the job makes the one-time link and mails it. */
  'trial.verify-mail': z.object({ email: z.string(), timeZone: z.string().optional() }),
  'trial.prune': z.looseObject({}),
  /** Employees just added to a list (ui.sendEnrolment on): welcome them to its running programs. */
  'enrolment.welcome': z.object({
    companyId: z.string(),
    listId: z.string(),
    emails: z.array(z.string()).max(1000),
  }),
  'trainings.preview': z.object({
    companyId: z.string(),
    to: z.string(),
    name: z.string(),
    batches: z.array(z.object({ index: z.number(), subjectIds: z.array(z.string()) })),
    intro: z.string().nullable(),
  }),
  'assessments.preview': z.object({
    companyId: z.string(),
    to: z.string(),
    name: z.string(),
    questionIds: z.array(z.string()),
    due: z.string().nullable(),
    duration: z.number().nullable(),
    intro: z.string().nullable(),
  }),
  'assessments.access': z.object({
    assessmentId: z.string(),
    companyId: z.string(),
    employeeId: z.string(),
  }),
  /** A renewal payment failed: one manager who may manage billing is told (dunning), at each attempt. */
  'billing.payment-failed': z.object({
    companyId: z.string(),
    userId: z.string(),
    invoiceId: z.string(),
    nextAttempt: z.string().nullable(),
    endedOn: z.string().nullable(),
  }),
  /** The nightly partner dues run: the month that ended, once per partner (modules/partners). */
  'partners.monthly-dues': z.looseObject({}),
  /** A partner's dues for a month were billed: one partner admin is told what became of them. */
  'partners.dues-mail': z.object({ partnerId: z.string(), userId: z.string(), dueId: z.string() }),
  'webhooks.scan': z.looseObject({}),
  /** Runs or resumes one directory sync run (modules/directory). */
  'directory.sync': z.object({ syncId: z.string(), companyId: z.string() }),
  /** The nightly directory sync of every connected directory, and resuming what a crash left. */
  'directory.nightly': z.looseObject({}),
  'webhooks.deliver': z.object({ deliveryId: z.string(), companyId: z.string() }),
  /** A real suspicious mail an employee reported: forwarded to the company's security address. */
  'phishing.forward-report': z.object({ companyId: z.string(), mailId: z.string() }),
  // The campaign kinds' dispatch ticks and send loops (cron-started ones get pg-boss's own payload).
  'deliveries.dispatch': z.looseObject({}),
  'deliveries.send': z.looseObject({}),
  'assessments.dispatch': z.looseObject({}),
  'assessments.send': z.looseObject({}),
  'phishing.dispatch': z.looseObject({}),
  'phishing.send': z.looseObject({}),
};

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<N extends JobName> = z.output<(typeof JOB_PAYLOADS)[N]>;

export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  handler: (ctx: AppContext, data: JobPayload<N>) => Promise<void>;
  /** Runs on this schedule (UTC cron) as well as when sent. */
  cron?: string;
  /** Runs once when this process has started working (e.g. to resume what a crash left). */
  onStart?: (ctx: AppContext) => Promise<void>;
}

/** A job of any name (the registry's list); `defineJob` checks each one's handler against its payload. */
export type AnyJob = { [N in JobName]: JobDefinition<N> }[JobName];

export const defineJob = <N extends JobName>(def: JobDefinition<N>): AnyJob => def as unknown as AnyJob;

/** The retry policy of jobs that send one mail. */
export const MAIL_RETRY = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const;

/** Queues a job with its payload (checked against the job's schema). */
export async function enqueue<N extends JobName>(
  ctx: Pick<AppContext, 'queue'>,
  name: N,
  payload: JobPayload<N>,
  options: { retryLimit?: number; retryDelay?: number; retryBackoff?: boolean; singletonKey?: string } = {},
): Promise<void> {
  await ctx.queue.send(name, JOB_PAYLOADS[name].parse(payload), options);
}

/** A payload taken off the queue, parsed by its job's schema (a malformed one throws, and is retried). */
export const parsePayload = <N extends JobName>(name: N, data: unknown): JobPayload<N> =>
  JOB_PAYLOADS[name].parse(data ?? {}) as JobPayload<N>;
