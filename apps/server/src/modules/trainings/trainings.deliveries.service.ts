import { sql } from 'drizzle-orm';
import {
  CHANNEL_NAMES,
  completionPercent,
  DELIVERY_MESSAGES,
  learnerLink,
  localize,
  quizScorePercent,
  type DeliveryEventRow,
  type DeliveryStatus,
  type ReminderCount,
  type ReminderSendResponse,
  type TrainingUserDetail,
} from '@vigil/shared';
import type { z } from 'zod';
import type { DeliveryUsersQuery, ReminderSend, ReminderSelection } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { toIso, type Db } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { requireActiveCompany } from '../../lib/entitlements.ts';
import { privacyOf, requireIdentities } from '../../lib/privacy.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { companyById } from '../companies/companies.service.ts';
import { insertLearnerToken } from '../campaigns/campaigns.service.ts';
import { presentProgress } from '../campaigns/campaigns.presenter.ts';
import { listsOfTraining, subjectsByIds } from './trainings.queries.ts';
import { findTraining, findTrainingRow, permissionsOfRecord } from './trainings.service.ts';
import { kickCampaign } from '../campaigns/campaigns.jobs.ts';
import { isAdmin, manualReminderRefusal, requirePermission } from '../campaigns/campaigns.manage.ts';
import {
  deliveryStatusOf,
  deliveryUsersOf,
  requireCampaignEvent,
  type CampaignDeliveryTables,
} from '../campaigns/campaigns.deliveries.ts';
import { trainingDeliveries, trainingEvents } from '../../db/schema/index.ts';
import {
  countTargets,
  employeeByEmail,
  employeeDeliveries,
  employeeListsAmong,
  employeeProgress,
  insertManualReminder,
  insertResend,
  mailOfCompany,
  manualReminders,
  type ReminderTargets,
} from './trainings.deliveries.queries.ts';

function targetsOf(s: z.output<typeof ReminderSelection>): ReminderTargets {
  return {
    mode: s.reminderOption,
    all: s.all,
    emails: s.emails.map((e) => e.toLowerCase()),
    excluded: s.excluded.map((e) => e.toLowerCase()),
    userLists: s.userLists,
  };
}

export async function reminderCount(
  db: Db,
  tenant: TenantContext,
  trainingId: string,
  selection: z.output<typeof ReminderSelection>,
): Promise<ReminderCount> {
  await findTrainingRow(db, tenant, trainingId);
  const [count, last] = await Promise.all([
    countTargets(db, tenant, trainingId, targetsOf(selection)),
    manualReminders(db, trainingId, 5),
  ]);
  return {
    remindersCount: count,
    lastReminders: last.map((r) => ({ date: new Date(r.send_at).toISOString(), sendTo: r.send_to })),
  };
}

/**
 * Sends a manager's reminder (spec 2 §4): only while the program may be reminded; nobody to remind
 * and a reminder within the last 24 hours without the repeat confirmation are answered with a reason.
 */
export async function sendReminders(
  ctx: AppContext,
  tenant: TenantContext,
  trainingId: string,
  input: z.output<typeof ReminderSend>,
  now = new Date(),
): Promise<ReminderSendResponse> {
  const record = await findTraining(ctx.db, tenant, trainingId);
  requirePermission(permissionsOfRecord(record, tenant), 'canRemind', DELIVERY_MESSAGES.notRemindable);
  await requireActiveCompany(ctx.db, tenant);
  const targets = targetsOf(input);
  const [count, [last]] = await Promise.all([
    countTargets(ctx.db, tenant, trainingId, targets),
    manualReminders(ctx.db, trainingId, 1),
  ]);
  const refusal = manualReminderRefusal(
    { targets: count, last: last ? new Date(last.send_at) : null, repeat: input.repeat },
    now,
  );
  if (refusal) return { success: false, reason: refusal, sent: 0 };
  const sent = await insertManualReminder(ctx.db, {
    scope: tenant,
    trainingId,
    channel: record.training.remindersChannel,
    targets,
    now,
  });
  await kickCampaign(ctx, 'training');
  return { success: true, sent };
}

const TABLES: CampaignDeliveryTables = {
  events: trainingEvents,
  deliveries: trainingDeliveries,
  campaignId: trainingEvents.trainingId,
};

export async function deliveryStatus(
  db: Db,
  tenant: TenantContext,
  trainingId: string,
): Promise<DeliveryEventRow[]> {
  await findTrainingRow(db, tenant, trainingId);
  return deliveryStatusOf(db, tenant, TABLES, trainingId, sql`e.subject_ids`);
}

async function eventOf(db: Db, tenant: TenantContext, trainingId: string, eventId: string) {
  await findTrainingRow(db, tenant, trainingId);
  return requireCampaignEvent(db, tenant, TABLES, trainingId, eventId);
}

export async function eventUsers(
  db: Db,
  tenant: TenantContext,
  trainingId: string,
  eventId: string,
  q: z.output<typeof DeliveryUsersQuery>,
) {
  await findTrainingRow(db, tenant, trainingId);
  return deliveryUsersOf(db, tenant, TABLES, trainingId, eventId, q);
}

async function employeeOf(db: Db, tenant: TenantContext, email: string) {
  const employee = await employeeByEmail(db, tenant, email);
  if (!employee) throw NotFound(DELIVERY_MESSAGES.employeeNotFound);
  return employee;
}

/** Sends an employee one delivery of a program again ("Reminder sent."). */
export async function resendDelivery(
  ctx: AppContext,
  tenant: TenantContext,
  trainingId: string,
  eventId: string,
  email: string,
  now = new Date(),
) {
  const training = await findTrainingRow(ctx.db, tenant, trainingId);
  if (training.status !== 'active') throw Conflict(DELIVERY_MESSAGES.notRemindable);
  await eventOf(ctx.db, tenant, trainingId, eventId);
  const employee = await employeeOf(ctx.db, tenant, email);
  if ((await insertResend(ctx.db, tenant, eventId, employee.id, now)) === 0)
    throw NotFound(DELIVERY_MESSAGES.notDelivered);
  await kickCampaign(ctx, 'training');
  return { message: DELIVERY_MESSAGES.reminderSent };
}

/** The company, when its tracking lets a manager see single employees (lib/privacy.ts). */
async function withIdentities(db: Db, tenant: TenantContext) {
  const company = await companyById(db, tenant.companyId);
  if (!company) throw NotFound('Company not found.');
  requireIdentities(privacyOf(company.company));
  return company.company;
}

const ACTIONS: Record<string, string> = { 1: 'Training email', 2: 'Reminder' };

/** One employee in one program: their lessons and progress, and the log of what was sent. */
export async function trainingUser(
  db: Db,
  tenant: TenantContext,
  trainingId: string,
  email: string,
  superAdmin: boolean,
): Promise<TrainingUserDetail> {
  const training = await findTrainingRow(db, tenant, trainingId);
  const company = await withIdentities(db, tenant);
  const employee = await employeeOf(db, tenant, email);
  const [deliveries, progress, lists, subjects] = await Promise.all([
    employeeDeliveries(db, tenant, trainingId, employee.id),
    employeeProgress(db, trainingId, employee.id),
    listsOfTraining(db, tenant, trainingId),
    subjectsByIds(db, training.subjectIds),
  ]);
  const info = new Map(subjects.map((s) => [s.id, s]));
  const progressBy = new Map(progress.map((p) => [p.subjectId, p]));
  const firstDelivery = new Map<string, { eventId: string; at: Date | null }>();
  for (const d of [...deliveries].reverse()) {
    if (d.type !== 1 || d.status === 'failed') continue;
    for (const s of d.subject_ids)
      if (!firstDelivery.has(s)) firstDelivery.set(s, { eventId: d.event_id, at: d.sent_at });
  }
  const delivered = training.subjectIds.filter((id) => firstDelivery.has(id));
  const rows = delivered.map((id) => {
    const s = info.get(id);
    const { finishedAt: _finishedAt, ...progress } = presentProgress(progressBy.get(id), s?.quizCount ?? 0);
    return {
      id,
      title: s ? localize(s.title, company.defaultLanguage) : id,
      eventId: firstDelivery.get(id)!.eventId,
      deliveredAt: toIso(firstDelivery.get(id)!.at),
      ...progress,
    };
  });
  const score = rows.filter((r) => r.finished).length;
  const answered = rows.reduce((sum, r) => sum + r.answered, 0);
  const correct = rows.reduce((sum, r) => sum + r.correct, 0);
  const memberLists = await employeeListsAmong(db, employee.id, lists);
  const completed = rows.length > 0 && score === rows.length;
  return {
    email: employee.email,
    name: employee.name,
    lists: memberLists,
    started: rows.some((r) => r.opened),
    score,
    total: rows.length,
    scorePercent: rows.some((r) => r.opened) ? completionPercent(score, rows.length) : null,
    answered,
    correct,
    quizScore: quizScorePercent(correct, answered),
    completedDate: completed
      ? toIso(
          progress
            .map((p) => p.finishedAt?.toISOString() ?? '')
            .sort()
            .at(-1) ?? null,
        )
      : null,
    reminderTransport: training.remindersChannel,
    subjects: rows,
    log: deliveries.map((d) => ({
      created: new Date(d.created_at).toISOString(),
      // The channel is named (spec: the delivery status and reports show it).
      actions: `${
        d.manual
          ? 'Reminder sent by a manager'
          : d.round > 0
            ? `${ACTIONS[d.type]} (sent again)`
            : ACTIONS[d.type]!
      } · ${CHANNEL_NAMES[d.channel] ?? 'Email'}`,
      message: d.error ?? (d.type === 1 ? `${d.subject_ids.length} lesson(s)` : 'Lessons left to finish'),
      delivery_status: (d.status === 'sending' ? 'pending' : d.status) as DeliveryStatus,
      eventId: d.event_id,
      mailId: superAdmin ? d.mail_id : null,
    })),
  };
}

/** A mail as it was sent, for super-admins (spec 3 §2.1 mail logs); not under anonymous tracking. */
export async function mailDetail(
  db: Db,
  tenant: TenantContext,
  trainingId: string,
  email: string,
  mailId: string,
) {
  await findTrainingRow(db, tenant, trainingId);
  await withIdentities(db, tenant);
  const mail = await mailOfCompany(db, tenant, mailId);
  if (!mail || mail.toAddress !== email.toLowerCase()) throw NotFound('Mail not found.');
  return {
    subject: mail.subject,
    html: mail.html,
    to: mail.toAddress,
    created: mail.createdAt.toISOString(),
  };
}

/** A fresh personal learner link for an employee of the program (admins, tracking not anonymous). */
export async function signinLink(ctx: AppContext, tenant: TenantContext, trainingId: string, email: string) {
  if (!isAdmin(tenant)) throw Forbidden();
  await findTrainingRow(ctx.db, tenant, trainingId);
  await withIdentities(ctx.db, tenant);
  const employee = await employeeOf(ctx.db, tenant, email);
  const token = newToken();
  await insertLearnerToken(ctx.db, {
    tokenHash: hashToken(token),
    employeeId: employee.id,
    companyId: tenant.companyId,
  });
  return { link: learnerLink(ctx.config.learnerUrl, token) };
}
