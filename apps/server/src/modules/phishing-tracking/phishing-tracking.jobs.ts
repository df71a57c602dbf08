import { defineJob, type AnyJob } from '../../jobs/jobs.ts';
import { FORWARD_REPORT_JOB, forwardReportedMail } from './phishing-tracking.reporting.ts';

export const phishingTrackingJobs: AnyJob[] = [
  defineJob({
    name: FORWARD_REPORT_JOB,
    handler: (ctx, data) => forwardReportedMail(ctx, data.companyId, data.mailId),
  }),
];
