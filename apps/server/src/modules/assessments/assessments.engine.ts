import {
  assessmentLearnerLink,
  CHANNELS,
  formatZonedDateTime,
  mailLanguage,
  totalSeconds,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { JobPayload } from '../../jobs/jobs.ts';
import type { Db } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { deliverMail, type MailToSend } from '../../mail/mail.service.ts';
import { assessmentInvitationMail } from '../../mail/templates/assessment-invitation-mail.ts';
import { companyMailText } from '../../mail/templates/company-texts.ts';
import { companyChatText, type ChatContent } from '../../mail/templates/chat-content.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { brandOf, companyById, settingsOf, type CompanyRecord } from '../companies/companies.service.ts';
import { insertLearnerTokensAcrossCompanies } from '../campaigns/campaigns.service.ts';
import { DELIVERY, sendDueFrom, type DeliveryMail, type DeliverySource } from '../delivery/delivery.send.ts';
import { htmlToText, sanitizeIntro } from '../../lib/html.ts';
import { questionsByIds, type AssessmentRecord } from './assessments.queries.ts';
import {
  activateStarted,
  assessmentsByIds,
  ASSESSMENT_TABLES,
  claimAssessmentDeliveries,
  closePastDue,
  closeSentEvents,
  employeeById,
  fanOutInvitations,
  fanOutReminder,
  finishedAmong,
  startDueEvents,
  type ClaimedAssessmentDelivery,
} from './assessments.send.queries.ts';

/**
 * One dispatch tick: closes assessments past their due date, starts due invitations and reminders
 * (writing their deliveries, one per employee and channel, in the transaction that marks them
 * started), invites employees who joined a running assessment's lists, and closes sent events.
 * Safe to run in several processes at once. Returns the events started.
 */
export async function dispatchAssessments(db: Db, now = new Date()): Promise<number> {
  await db.transaction((tx) => closePastDue(tx, now));
  let started = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const events = await startDueEvents(tx, now, DELIVERY.eventsPerDispatch);
      for (const e of events) {
        if (e.type === 1) await fanOutInvitations(tx, now, e.id);
        else await fanOutReminder(tx, e.id, now);
      }
      return events.length;
    });
    started += batch;
    if (batch < DELIVERY.eventsPerDispatch) break;
  }
  await activateStarted(db, now);
  await db.transaction((tx) => fanOutInvitations(tx, now));
  await closeSentEvents(db, now);
  return started;
}

type Kind = 'invitation' | 'reminder' | 'access';

/** The assessments with the time their questions typically take together (seconds). */
async function withDurations(db: Db, rows: AssessmentRecord[]) {
  const questions = new Map(
    (
      await questionsByIds(
        db,
        rows.flatMap((a) => a.questionIds),
      )
    ).map((q) => [q.question.id, q.question.duration]),
  );
  return rows.map((a) => ({
    ...a,
    duration: totalSeconds(a.questionIds.map((id) => ({ duration: questions.get(id) ?? 0 }))),
  }));
}

/** The mail that takes an employee into an assessment through their personal link. */
function assessmentMail(
  ctx: AppContext,
  a: AssessmentRecord & { duration: number },
  record: CompanyRecord,
  to: { email: string; name: string; language: string | null },
  kind: Kind,
  token: string,
  onChat = false,
): MailToSend & { chat?: ChatContent } {
  const settings = settingsOf(record.company);
  const rich = (html: string | undefined) => {
    const clean = html ? sanitizeIntro(html) : '';
    return htmlToText(clean) === '' ? null : { html: clean, text: htmlToText(clean) };
  };
  const link = assessmentLearnerLink(ctx.config.learnerUrl, token, a.id);
  const language = mailLanguage(to.language, record.company.defaultLanguage);
  const due = a.dueAt ? formatZonedDateTime(a.dueAt, settings.timeZone) : null;
  const values = {
    employee_name: to.name,
    company: record.company.name,
    program: a.name,
    due_date: due ?? '',
  };
  const { chat, ...mail } = assessmentInvitationMail({
    brand: brandOf(ctx.config, record.company),
    language,
    kind,
    assessmentName: a.name,
    employeeName: to.name,
    link,
    questions: a.questionIds.length,
    duration: a.duration,
    due,
    intro: rich(a.introMessage),
    header: companyMailText(settings, 'assessmentHeader', language, values),
    footer: companyMailText(settings, 'assessmentFooter', language, values),
    ...(onChat && {
      chat: {
        header: companyChatText(settings, 'assessmentHeader', language, values),
        footer: companyChatText(settings, 'assessmentFooter', language, values),
      },
    }),
  });
  return {
    kind: kind === 'reminder' ? 'assessment-reminder' : 'assessment',
    companyId: a.companyId,
    to: to.email,
    ...mail,
    secrets: [token, encodeURIComponent(token)],
    ...(onChat && { chat }),
  };
}

/**
 * The assessment deliveries as a source of the shared send loop: one mail per employee, event kind
 * and channel, each with a fresh personal link whose token is stored only as its hash. Nothing is
 * sent for an assessment no longer running, nor a reminder to someone who finished meanwhile.
 */
export function assessmentSource(): DeliverySource<ClaimedAssessmentDelivery> {
  const companies = new Map<string, CompanyRecord | undefined>();
  return {
    tables: ASSESSMENT_TABLES,
    claim: claimAssessmentDeliveries,
    groupKey: (r) => `${r.assessment_id}/${r.employee_id}/${r.channel}/${r.type}`,
    async render(ctx, groups): Promise<(DeliveryMail | undefined | null)[]> {
      const ids = [...new Set(groups.map((g) => g[0]!.assessment_id))];
      const byId = new Map(
        (await withDurations(ctx.db, await assessmentsByIds(ctx.db, ids))).map((a) => [a.id, a]),
      );
      const finished = new Set(
        (await finishedAmong(ctx.db, ids)).map((f) => `${f.assessmentId}/${f.employeeId}`),
      );
      const tokens: { tokenHash: string; employeeId: string; companyId: string }[] = [];
      const host = new URL(ctx.config.publicUrl).hostname;
      const mails: (DeliveryMail | undefined | null)[] = [];
      for (const group of groups) {
        const first = group[0]!;
        const a = byId.get(first.assessment_id);
        if (!a || a.status !== 'active' || finished.has(`${a.id}/${first.employee_id}`)) {
          mails.push(null);
          continue;
        }
        if (!companies.has(a.companyId)) companies.set(a.companyId, await companyById(ctx.db, a.companyId));
        const record = companies.get(a.companyId);
        if (!record) {
          mails.push(undefined);
          continue;
        }
        const token = newToken();
        tokens.push({ tokenHash: hashToken(token), employeeId: first.employee_id, companyId: a.companyId });
        const mail = assessmentMail(
          ctx,
          a,
          record,
          first,
          first.type === 1 ? 'invitation' : 'reminder',
          token,
          first.channel !== CHANNELS.email,
        );
        mails.push({ ...mail, messageId: `<assessment-delivery-${first.id}-${first.round}@${host}>` });
      }
      await insertLearnerTokensAcrossCompanies(ctx.db, tokens);
      return mails;
    },
  };
}

/** Sends the assessment mails that are due until none is left; returns the mails sent. */
export function sendAssessmentMails(ctx: AppContext, now?: () => Date): Promise<number> {
  return sendDueFrom(ctx, assessmentSource(), now);
}

export const ASSESSMENT_ACCESS_JOB = 'assessments.access' as const;

export type AccessLinkJob = JobPayload<'assessments.access'>;

/** Mails an employee the personal link they asked for on the assessment's access page. */
export async function sendAccessLink(
  ctx: AppContext,
  scope: CompanyScope,
  job: AccessLinkJob,
): Promise<void> {
  const [[a], record, employee] = await Promise.all([
    assessmentsByIds(ctx.db, [job.assessmentId]).then((rows) => withDurations(ctx.db, rows)),
    companyById(ctx.db, job.companyId),
    employeeById(ctx.db, scope, job.employeeId),
  ]);
  if (!a || a.companyId !== job.companyId || a.status !== 'active' || !record || !employee) return;
  const token = newToken();
  await insertLearnerTokensAcrossCompanies(ctx.db, [
    { tokenHash: hashToken(token), employeeId: employee.id, companyId: job.companyId },
  ]);
  await deliverMail(ctx, assessmentMail(ctx, a, record, employee, 'access', token));
}
