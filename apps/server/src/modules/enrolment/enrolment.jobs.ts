import { defineJob, type AnyJob } from '../../jobs/jobs.ts';
import { systemScope } from '../../lib/scope.ts';
import { sendEnrolmentMails } from './enrolment.service.ts';

export const enrolmentJobs: AnyJob[] = [
  defineJob({
    name: 'enrolment.welcome',
    handler: async (ctx, job) => {
      await sendEnrolmentMails(ctx, systemScope(job.companyId, 'enrolment mails'), job.listId, job.emails);
    },
  }),
];
