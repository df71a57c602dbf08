import { formatZonedDateTime, localize, totalSeconds } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { defineJob, type AnyJob } from '../../jobs/jobs.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import { assessmentPreviewMail } from '../../mail/templates/assessment-preview-mail.ts';
import { brandOf, companyById, settingsOf } from '../companies/companies.service.ts';
import { htmlToText } from '../../lib/html.ts';
import { systemScope } from '../../lib/scope.ts';
import { ASSESSMENT_ACCESS_JOB, sendAccessLink, type AccessLinkJob } from './assessments.engine.ts';
import { questionsByIds } from './assessments.queries.ts';
import { ASSESSMENT_PREVIEW_JOB, type AssessmentPreviewJob } from './assessments.service.ts';

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
    brand: brandOf(ctx.config, record.company),
    assessmentName: job.name,
    intro: job.intro ? { html: job.intro, text: htmlToText(job.intro) } : null,
    questions: questions.map((q) => ({
      name: localize(q.question.name, lang),
      area: localize(q.area.name, lang),
    })),
    duration: job.duration ?? totalSeconds(questions.map((q) => q.question)),
    due: job.due ? formatZonedDateTime(new Date(job.due), settingsOf(record.company).timeZone) : null,
  });
  await deliverMail(ctx, { kind: 'assessment-preview', companyId: job.companyId, to: job.to, ...mail });
}

/** The assessment jobs besides its campaign's dispatch and send (see assessments.kind.ts): single mails. */
export const assessmentsJobs: AnyJob[] = [
  defineJob({ name: ASSESSMENT_PREVIEW_JOB, handler: sendPreviewMail }),
  defineJob({
    name: ASSESSMENT_ACCESS_JOB,
    handler: (ctx: AppContext, job: AccessLinkJob) =>
      sendAccessLink(ctx, systemScope(job.companyId, 'assessment-access'), job),
  }),
];
