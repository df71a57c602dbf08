/**
 * The enrolment email (spec 1 §4, `ui.sendEnrolment`): employees added to a list of a running
 * program get a welcome mail, in the company's Brand, once per program. Adding announces the new
 * members; a job sends the mails after the add has committed.
 */
import { learnerLink, mailLanguage } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { enqueue, MAIL_RETRY } from '../../jobs/jobs.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import { companyMailText } from '../../mail/templates/company-texts.ts';
import { enrolmentMail } from '../../mail/templates/enrolment-mail.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { insertLearnerToken } from '../campaigns/campaigns.service.ts';
import { brandOf, companyById, settingsOf } from '../companies/companies.service.ts';
import { claimEnrolmentMails, listMembersByEmail, runningProgramsOfList } from './enrolment.queries.ts';

/** Emails per job: a 100,000-row import becomes a hundred jobs, each one small. */
const EMAILS_PER_JOB = 1000;

/**
 * After employees joined a list: when the company sends enrolment mails, queue their welcome. Reads
 * the setting now, so a company that has it off queues nothing.
 */
export async function announceNewListMembers(
  ctx: AppContext,
  scope: CompanyScope,
  listId: string,
  emails: string[],
): Promise<void> {
  await announceNewMembers(ctx, scope, [{ listId, emails }]);
}

/** The same for several lists at once (a directory sync's batch of groups): the setting read once. */
export async function announceNewMembers(
  ctx: AppContext,
  scope: CompanyScope,
  joined: { listId: string; emails: string[] }[],
): Promise<void> {
  if (!joined.some((j) => j.emails.length > 0)) return;
  const record = await companyById(ctx.db, scope.companyId);
  if (!record || !settingsOf(record.company).sendEnrolment) return;
  for (const { listId, emails } of joined)
    for (let i = 0; i < emails.length; i += EMAILS_PER_JOB) {
      await enqueue(
        ctx,
        'enrolment.welcome',
        { companyId: scope.companyId, listId, emails: emails.slice(i, i + EMAILS_PER_JOB) },
        MAIL_RETRY,
      );
    }
}

/** The job: one welcome per (running program of the list, new member) not welcomed before. */
export async function sendEnrolmentMails(
  ctx: AppContext,
  scope: CompanyScope,
  listId: string,
  emails: string[],
): Promise<number> {
  const record = await companyById(ctx.db, scope.companyId);
  // The setting is read again: switched off since the add, nothing goes.
  if (!record || !settingsOf(record.company).sendEnrolment) return 0;
  const programs = await runningProgramsOfList(ctx.db, scope, listId);
  if (programs.length === 0) return 0;
  const members = await listMembersByEmail(ctx.db, scope, listId, emails);
  const brand = brandOf(ctx.config, record.company);
  const settings = settingsOf(record.company);
  let sent = 0;
  for (const program of programs) {
    const unwelcomed = await claimEnrolmentMails(
      ctx.db,
      scope,
      program.id,
      members.map((m) => m.id),
    );
    for (const member of members.filter((m) => unwelcomed.has(m.id))) {
      const token = newToken();
      await insertLearnerToken(ctx.db, {
        tokenHash: hashToken(token),
        employeeId: member.id,
        companyId: scope.companyId,
      });
      const link = learnerLink(ctx.config.learnerUrl, token);
      const language = mailLanguage(member.language, record.company.defaultLanguage);
      const values = {
        employee_name: member.name,
        company: record.company.name,
        program: program.name,
        due_date: '',
      };
      const mail = enrolmentMail({
        brand,
        language,
        employeeName: member.name,
        trainingName: program.name,
        link,
        header: companyMailText(settings, 'trainingHeader', language, values),
        footer: companyMailText(settings, 'trainingFooter', language, values),
      });
      await deliverMail(ctx, {
        kind: 'enrolment',
        companyId: scope.companyId,
        to: member.email,
        secrets: [link],
        ...mail,
      });
      sent++;
    }
  }
  return sent;
}
