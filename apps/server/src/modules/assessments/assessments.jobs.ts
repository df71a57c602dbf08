import { formatZonedDateTime, localize, timeZoneOf, totalSeconds } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { AnyJob } from '../../jobs/registry.ts';
import { assessmentDeliveries } from '../../db/schema/index.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import { releaseClaimsOfDeadSenders, sendWhileClaimed } from '../delivery/delivery.send.ts';
import { assessmentPreviewMail } from '../../mail/templates/assessment-preview-mail.ts';
import { companyById } from '../companies/companies.service.ts';
import { htmlToText } from '../../lib/html.ts';
import {
  ASSESSMENT_ACCESS_JOB,
  dispatchAssessments,
  sendAccessLink,
  sendAssessmentMails,
  type AccessLinkJob,
} from './assessments.engine.ts';
import { questionsByIds } from './assessments.queries.ts';
import { hasAssessmentDeliveryWork } from './assessments.send.queries.ts';
import { ASSESSMENT_PREVIEW_JOB, type AssessmentPreviewJob } from './assessments.service.ts';

export const ASSESSMENT_DISPATCH_JOB = 'assessments.dispatch';
export const ASSESSMENT_SEND_JOB = 'assessments.send';
/** Send loops started at once; each process runs one at a time, so several processes share the work. */
const SENDERS = 2;

/** Asks the workers to look for due invitations and reminders now rather than at the next minute. */
export async function kickAssessments(ctx: AppContext): Promise<void> {
  await ctx.queue.send(ASSESSMENT_DISPATCH_JOB, {});
}

/** After a restart: claims a dead process left are resumed now rather than at the next tick. */
async function resume(ctx: AppContext): Promise<void> {
  await releaseClaimsOfDeadSenders(ctx.database, assessmentDeliveries);
  await kickAssessments(ctx);
}

async function runDispatch(ctx: AppContext): Promise<void> {
  await dispatchAssessments(ctx.db);
  if (await hasAssessmentDeliveryWork(ctx.db, new Date())) {
    for (let i = 0; i < SENDERS; i++) await ctx.queue.send(ASSESSMENT_SEND_JOB, {});
  }
}

async function runSend(ctx: AppContext): Promise<void> {
  const sent = await sendWhileClaimed(ctx.db, assessmentDeliveries, () => sendAssessmentMails(ctx));
  if (sent > 0) {
    ctx.log.info({ sent }, 'assessment mails sent');
    await dispatchAssessments(ctx.db);
  }
}

async function sendPreviewMail(ctx: AppContext, job: AssessmentPreviewJob): Promise<void> {
  const record = await companyById(ctx.db, job.companyId);
  if (!record) return;
  const lang = record.company.defaultLanguage;
  const rows = new Map((await questionsByIds(ctx.db, job.questionIds)).map((q) => [q.question.id, q]));
  const questions = job.questionIds.flatMap((id) => {
    const q = rows.get(id);
    return q ? [q] : [];
  });
  const mail = assessmentPreviewMail({
    brand: {
      companyName: record.company.name,
      color: record.company.colorMain,
      supportEmail: ctx.config.supportEmail,
    },
    assessmentName: job.name,
    intro: job.intro ? { html: job.intro, text: htmlToText(job.intro) } : null,
    questions: questions.map((q) => ({
      name: localize(q.question.name, lang),
      area: localize(q.area.name, lang),
    })),
    duration: job.duration ?? totalSeconds(questions.map((q) => q.question)),
    due: job.due ? formatZonedDateTime(new Date(job.due), timeZoneOf(record.company.settings)) : null,
  });
  await deliverMail(ctx, { kind: 'assessment-preview', companyId: job.companyId, to: job.to, ...mail });
}

/** The assessment jobs: the dispatch tick (invitations, reminders, closing at the due date), sending, mails. */
export const assessmentsJobs: AnyJob[] = [
  { name: ASSESSMENT_DISPATCH_JOB, handler: runDispatch, cron: '* * * * *', onStart: resume },
  { name: ASSESSMENT_SEND_JOB, handler: runSend },
  { name: ASSESSMENT_PREVIEW_JOB, handler: sendPreviewMail },
  { name: ASSESSMENT_ACCESS_JOB, handler: (ctx: AppContext, job: AccessLinkJob) => sendAccessLink(ctx, job) },
];
