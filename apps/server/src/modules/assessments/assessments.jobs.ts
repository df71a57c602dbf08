import type { AnyJob } from '../../jobs/registry.ts';

/** The assessment jobs (invitations, reminders, closing at the due date). */
export const assessmentsJobs: AnyJob[] = [];
