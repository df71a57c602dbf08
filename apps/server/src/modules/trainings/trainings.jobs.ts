import { localize } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { defineJob, type AnyJob } from '../../jobs/jobs.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import { trainingPreviewMail } from '../../mail/templates/training-preview-mail.ts';
import { brandOf, companyById } from '../companies/companies.service.ts';
import { subjectsByIds } from './trainings.queries.ts';
import { htmlToText } from '../../lib/html.ts';
import { PREVIEW_JOB, type PreviewJob } from './trainings.service.ts';

const minutes = (seconds: number) => `${Math.max(1, Math.round(seconds / 60))} min`;

async function sendPreviewMail(ctx: AppContext, job: PreviewJob): Promise<void> {
  const record = await companyById(ctx.db, job.companyId);
  if (!record) return;
  const lang = record.company.defaultLanguage;
  const subjects = new Map(
    (
      await subjectsByIds(
        ctx.db,
        job.batches.flatMap((b) => b.subjectIds),
      )
    ).map((s) => [s.id, s]),
  );
  const mail = trainingPreviewMail({
    brand: brandOf(ctx.config, record.company),
    trainingName: job.name,
    intro: job.intro ? { html: job.intro, text: htmlToText(job.intro) } : null,
    batches: job.batches.map((b) => ({
      title: job.batches.length > 1 ? `Delivery ${b.index + 1}` : 'Subjects',
      subjects: b.subjectIds.flatMap((id) => {
        const s = subjects.get(id);
        if (!s) return [];
        return [
          {
            title: localize(s.title, lang),
            url: `${ctx.config.publicUrl}/catalog/subject/${encodeURIComponent(id)}/`,
            note: `${minutes(s.duration)} · ${localize(s.description, lang)}`,
          },
        ];
      }),
    })),
  });
  await deliverMail(ctx, { kind: 'training-preview', companyId: record.company.id, to: job.to, ...mail });
}

export const trainingsJobs: AnyJob[] = [defineJob({ name: PREVIEW_JOB, handler: sendPreviewMail })];
