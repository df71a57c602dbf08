import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  ASSESSMENT_SCHEDULE_TYPES,
  assessmentAccessLink,
  assessmentDateProblems,
  assessmentLearnerLink,
  assessmentPermissions,
  isQuestionAvailable,
  isUntitledName,
  PersonalizeData,
  personalizeSettings,
  type AssessmentListQuery,
  type AssessmentPreviewRequest,
  type AssessmentReminderRequest,
  type AssessmentSaveParsed,
  type AssessmentStatus,
  type ChatChannels,
} from '@vigil/shared';
import type { z } from 'zod';
import type { DeliveryUsersQuery } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { enqueue, MAIL_RETRY, type JobPayload } from '../../jobs/jobs.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { requireActiveCompany } from '../../lib/entitlements.ts';
import { privacyOf, requireIdentities } from '../../lib/privacy.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { presentSubscription } from '../companies/companies.presenter.ts';
import { mergeCompanySettings, settingsOf, type CompanyRecord } from '../companies/companies.service.ts';
import { activeTemplates } from '../content/content.service.ts';
import {
  audienceProblems,
  campaignCompany,
  campaignLifecycle,
  campaignListAnswer,
  campaignListRequest,
  campaignChatChannels,
  campaignSaveProblems,
  dateParam,
  isAdmin,
  manualReminderRefusal,
  reminderProblems,
  requireLicence,
  requirePermission,
  visibleCampaign,
  withStatusInfo,
} from '../campaigns/campaigns.manage.ts';
import { companyListsAmong, insertLearnerToken } from '../campaigns/campaigns.service.ts';
import {
  deliveryStatusOf,
  deliveryUsersOf,
  type CampaignDeliveryTables,
} from '../campaigns/campaigns.deliveries.ts';
import { assessmentDeliveries, assessmentEvents } from '../../db/schema/index.ts';
import { htmlToText, sanitizeIntro } from '../../lib/html.ts';
import {
  presentReminder,
  presentRow,
  presentView,
  questionInfo,
  type QuestionInfo,
} from './assessments.presenter.ts';
import {
  areaAverages,
  assessmentRow,
  assessmentsPage,
  assessmentWithFigures,
  countUnfinished,
  deleteAssessment,
  deleteUnsentEvents,
  employeeOfCompany,
  eventsOf,
  insertAssessment,
  insertEvents,
  insertManualReminder,
  isInAudience,
  lastManualReminder,
  latestAssessments,
  listsOfAssessment,
  lockAssessment,
  questionsByIds,
  reminderEvents,
  replaceAssessmentLists,
  updateAssessment,
  type AssessmentInsert,
  type AssessmentRecord,
} from './assessments.queries.ts';

export const ASSESSMENT_PREVIEW_JOB = 'assessments.preview' as const;

/** A date inside the spec's messages: the server knows no admin time zone, so UTC, to the minute. */
export const formatMessageDate = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const companyOf = campaignCompany;

/** Questions by id, localized, each marked disabled when outside the plan or retired. */
export async function questionMap(
  db: Db,
  ids: string[],
  lang: string,
  company: CompanyRecord,
): Promise<Map<string, QuestionInfo>> {
  const plan = presentSubscription(company.subscription);
  const rows = await questionsByIds(db, ids);
  return new Map(
    rows.map((r) => [r.question.id, questionInfo(r, lang, isQuestionAvailable(plan, r.question))]),
  );
}

export async function listAssessments(
  db: Db,
  tenant: TenantContext,
  query: z.output<typeof AssessmentListQuery>,
  lang = 'en',
) {
  const { admin, tab, includeDrafts, q, window } = campaignListRequest(tenant, query);
  const { rows, counts } = await assessmentsPage(
    db,
    tenant,
    {
      tab,
      includeDrafts,
      q,
      listId: query.listId,
      deliveryFrom: dateParam(query.deliveryFrom),
      deliveryTo: dateParam(query.deliveryTo),
      dueFrom: dateParam(query.dueFrom),
      dueTo: dateParam(query.dueTo),
    },
    { sort: query.sort, direction: query.d, ...window },
  );
  const company = await companyOf(db, tenant);
  const questions = await questionMap(
    db,
    rows.flatMap((r) => r.assessment.questionIds),
    lang,
    company,
  );
  return campaignListAnswer(
    rows.map((r) => presentRow(r, questions, admin)),
    counts,
    admin,
  );
}

export async function latest(db: Db, tenant: TenantContext) {
  return withStatusInfo(await latestAssessments(db, tenant, isAdmin(tenant), ASSESSMENT_LIMITS.latest));
}

/** The assessment as this manager may see it: drafts are the admins' only. */
export async function findAssessment(db: Db, tenant: TenantContext, id: string): Promise<AssessmentRecord> {
  return visibleCampaign(tenant, await assessmentRow(db, tenant, id), ASSESSMENT_MESSAGES.notFound);
}

export async function assessmentView(ctx: AppContext, tenant: TenantContext, id: string, lang = 'en') {
  const { db } = ctx;
  await findAssessment(db, tenant, id);
  const [record, company, lists, reminders, averages] = await Promise.all([
    assessmentWithFigures(db, tenant, id),
    companyOf(db, tenant),
    listsOfAssessment(db, tenant, id),
    reminderEvents(db, id),
    areaAverages(db, id),
  ]);
  if (!record) throw NotFound(ASSESSMENT_MESSAGES.notFound);
  const questions = await questionMap(db, record.assessment.questionIds, lang, company);
  const manual = record.assessment.scheduleType === ASSESSMENT_SCHEDULE_TYPES.manual;
  const sso = settingsOf(company.company).ssoConfigured;
  return presentView(record, {
    questions,
    lists,
    reminders,
    areaAverages: averages,
    admin: isAdmin(tenant),
    anonymous: privacyOf(company.company).anonymous,
    accessLink: manual ? assessmentAccessLink(ctx.config.publicUrl, id, tenant.companyId, sso) : null,
  });
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const timeOf = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

/** Problems of any save, draft or start: references that do not exist, channels not connected. */
function saveProblems(
  input: AssessmentSaveParsed,
  facts: {
    questions: Map<string, QuestionInfo>;
    listsFound: string[];
    templateOk: boolean;
    cmi5: boolean;
    chat: ChatChannels;
  },
): string[] {
  const problems: string[] = [];
  if (input.questions.some((id) => !facts.questions.has(id)))
    problems.push(ASSESSMENT_MESSAGES.unknownQuestion);
  if (new Set(input.questions).size !== input.questions.length)
    problems.push(ASSESSMENT_MESSAGES.duplicateQuestion);
  problems.push(
    ...campaignSaveProblems({ ...input, channels: [input.channel, input.reminders_settings.channel] }, facts),
  );
  return problems;
}

/** What must hold before an assessment may start (or, running, be changed), in the spec's words. */
function startProblems(
  input: AssessmentSaveParsed,
  facts: {
    questions: Map<string, QuestionInfo>;
    users: number;
    manualEnabled: boolean;
    isActive: boolean;
    keptReminders: Set<number>;
    now: Date;
  },
): string[] {
  const problems: string[] = [];
  if (isUntitledName(input.name)) problems.push(ASSESSMENT_MESSAGES.needsName);
  if (input.questions.length === 0) problems.push(ASSESSMENT_MESSAGES.needsQuestions);
  const unavailable = input.questions.filter((id) => facts.questions.get(id)?.disabled).length;
  if (unavailable > 0) problems.push(ASSESSMENT_MESSAGES.unavailable(unavailable, input.questions.length));
  if (input.personalizeEnabled) {
    const personalize = PersonalizeData.safeParse(input.personalizeData ?? {});
    if (!personalize.success) problems.push(...personalize.error.issues.map((i) => i.message));
  }
  if (input.isScorm) return problems;
  problems.push(...audienceProblems(input, facts.users));
  if (input.scheduleType === ASSESSMENT_SCHEDULE_TYPES.manual && !facts.manualEnabled)
    problems.push(ASSESSMENT_MESSAGES.manualNotEnabled);
  problems.push(...reminderProblems(input));
  const dates = assessmentDateProblems({
    scheduleType: input.scheduleType,
    date: input.date ? new Date(input.date) : null,
    due: input.due ? new Date(input.due) : null,
    remindersEnabled: input.reminders_enabled,
    reminders: input.reminders_settings.steps.map((s) => ({
      send: new Date(s.send),
      alreadySet: facts.keptReminders.has(new Date(s.send).getTime()),
    })),
    isActive: facts.isActive,
    now: facts.now,
    format: formatMessageDate,
  });
  if (dates.date) problems.push(dates.date);
  if (dates.due) problems.push(dates.due);
  problems.push(...Object.values(dates.reminders));
  return problems;
}

/** A running assessment keeps its questions, templates, schedule type and delivery date. */
function changesLockedFields(existing: AssessmentRecord, input: AssessmentSaveParsed): boolean {
  return (
    !sameList(existing.questionIds, input.questions) ||
    !sameList([...existing.templateIds].sort(), [...input.templateIds].sort()) ||
    existing.scheduleType !== input.scheduleType ||
    (input.scheduleType === ASSESSMENT_SCHEDULE_TYPES.date &&
      timeOf(input.date) !== (existing.deliveryAt?.getTime() ?? null))
  );
}

function statusAfterSave(
  input: AssessmentSaveParsed,
  existing: AssessmentRecord | undefined,
): AssessmentStatus {
  if (existing?.status === 'active') return 'active';
  if (input.status === 'draft') return 'draft';
  if (input.isScorm || input.scheduleType !== ASSESSMENT_SCHEDULE_TYPES.date) return 'active';
  return 'scheduled';
}

/**
 * Creates or updates an assessment. Status draft stores it as it is (a scheduled one goes back to
 * draft); scheduled checks everything a start needs and starts it: now (active, invitations due at
 * once), at a date (scheduled), or by access link (active, no invitation). A running assessment may
 * change only its name, lists, due date and planned reminders; reminders already sent stay as they were.
 * Everything in one transaction: an invalid save changes nothing.
 */
export async function saveAssessment(
  db: Db,
  tenant: TenantContext,
  id: string | null,
  input: AssessmentSaveParsed,
  now = new Date(),
) {
  const company = await companyOf(db, tenant);
  requireLicence(company);
  const existing = id ? await findAssessment(db, tenant, id) : undefined;
  if (existing?.status === 'completed') throw Forbidden(ASSESSMENT_MESSAGES.cannotEdit);
  const isActive = existing?.status === 'active';
  const [questions, lists, templates, events] = await Promise.all([
    questionMap(db, input.questions, 'en', company),
    companyListsAmong(db, tenant, input.isScorm ? [] : input.userLists),
    activeTemplates(db, 'assessment'),
    existing ? eventsOf(db, tenant, existing.id) : Promise.resolve([]),
  ]);
  const templateIds = new Set(templates.map((t) => t.id));
  const problems = saveProblems(input, {
    questions,
    listsFound: lists.found,
    templateOk: input.templateIds.every((t) => templateIds.has(t)),
    cmi5: settingsOf(company.company).cmi5Enabled,
    chat: await campaignChatChannels(db, tenant, company),
  });
  if (isActive && changesLockedFields(existing, input)) problems.push(ASSESSMENT_MESSAGES.lockedWhenActive);
  // Reminders of a running assessment that went out already are kept, and not checked again.
  const keptReminders = new Set(
    isActive
      ? events
          .filter((e) => e.type === 2 && !e.manual && e.status !== 'scheduled' && e.status !== 'cancelled')
          .map((e) => e.sendAt.getTime())
      : [],
  );
  const start = input.status === 'scheduled' || isActive;
  if (start)
    problems.push(
      ...startProblems(input, {
        questions,
        users: lists.users,
        manualEnabled: settingsOf(company.company).assessmentManualSchedule,
        isActive,
        keptReminders,
        now,
      }),
    );
  if (problems.length > 0) throw Invalid([...new Set(problems)]);

  const status = statusAfterSave(input, existing);
  const launching = start && !isActive && !input.isScorm;
  const values: AssessmentInsert = {
    name: input.name,
    status,
    isScorm: input.isScorm,
    templateIds: input.templateIds,
    templateCustomized: input.templateCustomized,
    questionIds: input.questions,
    scheduleType: input.scheduleType,
    deliveryAt:
      input.scheduleType === ASSESSMENT_SCHEDULE_TYPES.date && input.date ? new Date(input.date) : null,
    dueAt: input.due ? new Date(input.due) : null,
    channel: input.channel,
    remindersEnabled: input.reminders_enabled,
    remindersChannel: input.reminders_settings.channel,
    personalizeEnabled: input.personalizeEnabled,
    personalizeData: input.personalizeData,
    introMessage: sanitizeIntro(input.introMessage),
    ...(isActive ? {} : { startedAt: status === 'active' ? now : null }),
  };
  if (isActive) delete values.deliveryAt;
  const reminders = input.reminders_enabled
    ? input.reminders_settings.steps
        .map((s) => new Date(s.send))
        .filter((d) => !keptReminders.has(d.getTime()))
        .map((sendAt, position) => ({ type: 2 as const, position, sendAt }))
    : [];
  return db.transaction(async (tx) => {
    let assessmentId = id;
    if (assessmentId) {
      const locked = await lockAssessment(tx, tenant, assessmentId);
      if (!locked) throw NotFound(ASSESSMENT_MESSAGES.notFound);
      if (locked.status !== existing!.status) throw Conflict(ASSESSMENT_MESSAGES.changedMeanwhile);
      await updateAssessment(tx, tenant, assessmentId, values, now);
      await deleteUnsentEvents(tx, assessmentId, isActive);
    } else {
      assessmentId = (await insertAssessment(tx, tenant, { ...values, createdBy: tenant.userId })).id;
    }
    await replaceAssessmentLists(tx, tenant, assessmentId, input.isScorm ? [] : input.userLists);
    // The company's next assessment starts from these values (spec 2 §4), in any browser.
    if (input.personalizeEnabled && input.personalizeData)
      await mergeCompanySettings(tx, tenant.companyId, personalizeSettings(input.personalizeData));
    if (launching && input.scheduleType !== ASSESSMENT_SCHEDULE_TYPES.manual) {
      const sendAt = input.scheduleType === ASSESSMENT_SCHEDULE_TYPES.now ? now : new Date(input.date!);
      await insertEvents(tx, tenant, assessmentId, [{ type: 1, position: 0, sendAt }]);
    }
    if (launching || isActive) await insertEvents(tx, tenant, assessmentId, reminders);
    const message = id
      ? ASSESSMENT_MESSAGES.updated
      : status === 'draft'
        ? ASSESSMENT_MESSAGES.draftSaved
        : undefined;
    return {
      success: true as const,
      assessment: { id: assessmentId, status },
      ...(message ? { message } : {}),
    };
  });
}

async function permitted(db: Db, tenant: TenantContext, id: string) {
  const record = await findAssessment(db, tenant, id);
  const can = assessmentPermissions({
    status: record.status,
    isScorm: record.isScorm,
    isAdmin: isAdmin(tenant),
  });
  return { record, can };
}

export const {
  remove: removeAssessment,
  pause: pauseAssessment,
  stop: stopAssessment,
} = campaignLifecycle({
  texts: ASSESSMENT_MESSAGES,
  find: permitted,
  remove: (db, { tenant, id }) => deleteAssessment(db, tenant, id),
  /** Pause: a scheduled assessment goes back to draft; its planned sends are dropped until it starts again. */
  async pause(tx, { tenant, id, now }) {
    await deleteUnsentEvents(tx, id);
    await updateAssessment(tx, tenant, id, { status: 'draft', startedAt: null }, now);
  },
  /** Stop: a scheduled assessment is completed before anything was sent. */
  async stop(tx, { tenant, id, now }) {
    await deleteUnsentEvents(tx, id);
    await updateAssessment(tx, tenant, id, { status: 'completed', completedAt: now }, now);
  },
});

export type AssessmentPreviewJob = JobPayload<'assessments.preview'>;

/** Queues one preview mail per recipient (at most ten); the job renders and sends it. */
export async function sendPreview(
  ctx: AppContext,
  tenant: TenantContext,
  input: z.output<typeof AssessmentPreviewRequest>,
) {
  const company = await companyOf(ctx.db, tenant);
  requireLicence(company);
  const questions = await questionMap(ctx.db, input.previewQuestions, 'en', company);
  if (input.previewQuestions.some((q) => !questions.has(q)))
    throw Invalid([ASSESSMENT_MESSAGES.unknownQuestion]);
  const unavailable = input.previewQuestions.filter((q) => questions.get(q)?.disabled).length;
  if (unavailable > 0)
    throw Invalid([ASSESSMENT_MESSAGES.unavailable(unavailable, input.previewQuestions.length)]);
  const intro = sanitizeIntro(input.introMessage);
  for (const to of new Set(input.targetEmail.map((e) => e.toLowerCase()))) {
    const job: AssessmentPreviewJob = {
      companyId: tenant.companyId,
      to,
      name: input.name,
      questionIds: input.previewQuestions,
      due: input.due,
      duration: input.duration ?? null,
      intro: htmlToText(intro) === '' ? null : intro,
    };
    await enqueue(ctx, ASSESSMENT_PREVIEW_JOB, job, MAIL_RETRY);
  }
  return { success: true as const, message: ASSESSMENT_MESSAGES.previewSent };
}

export async function remindersOverview(db: Db, tenant: TenantContext, id: string) {
  await findAssessment(db, tenant, id);
  return (await reminderEvents(db, id)).map(presentReminder);
}

const DELIVERY_TABLES: CampaignDeliveryTables = {
  events: assessmentEvents,
  deliveries: assessmentDeliveries,
  campaignId: assessmentEvents.assessmentId,
};

/** The delivery status (spec 2 §2): the invitation and each reminder, with their counts. */
export async function deliveryStatus(db: Db, tenant: TenantContext, id: string) {
  await findAssessment(db, tenant, id);
  return deliveryStatusOf(db, tenant, DELIVERY_TABLES, id);
}

/** One event of the assessment per employee and channel, paged and searched by the server. */
export async function deliveryUsers(
  db: Db,
  tenant: TenantContext,
  id: string,
  eventId: string,
  q: z.output<typeof DeliveryUsersQuery>,
) {
  await findAssessment(db, tenant, id);
  return deliveryUsersOf(db, tenant, DELIVERY_TABLES, id, eventId, q);
}

const filterOf = (r: z.output<typeof AssessmentReminderRequest>) => ({
  listIds: r.listIds,
  emails: r.emails,
});

export async function reminderCount(
  db: Db,
  tenant: TenantContext,
  id: string,
  request: z.output<typeof AssessmentReminderRequest>,
) {
  await findAssessment(db, tenant, id);
  const [count, last] = await Promise.all([
    countUnfinished(db, tenant, id, filterOf(request)),
    lastManualReminder(db, id),
  ]);
  return { remindersCount: count, lastReminders: last?.toISOString() ?? null };
}

/**
 * A manager's reminder to the employees who have not finished: only while the assessment runs;
 * nobody to remind, and a reminder within the last 24 hours without the repeat confirmation, are
 * answered with a reason. The event and its deliveries are written together.
 */
export async function sendReminders(
  db: Db,
  tenant: TenantContext,
  id: string,
  request: z.output<typeof AssessmentReminderRequest>,
  now = new Date(),
) {
  const { record, can } = await permitted(db, tenant, id);
  requirePermission(can, 'canRemind', ASSESSMENT_MESSAGES.notRemindable);
  await requireActiveCompany(db, tenant);
  const filter = filterOf(request);
  const [targets, last] = await Promise.all([
    countUnfinished(db, tenant, id, filter),
    lastManualReminder(db, id),
  ]);
  const refusal = manualReminderRefusal({ targets, last, repeat: request.confirmRepeat }, now);
  if (refusal) return { success: false, reason: refusal };
  await db.transaction((tx) =>
    insertManualReminder(tx, {
      scope: tenant,
      assessmentId: id,
      channel: record.remindersChannel,
      filter,
      now,
    }),
  );
  return { success: true };
}

/** A fresh personal link into the assessment for one of its employees (admins, tracking not anonymous). */
export async function signinLink(ctx: AppContext, tenant: TenantContext, id: string, email: string) {
  if (!isAdmin(tenant)) throw Forbidden();
  await findAssessment(ctx.db, tenant, id);
  const company = await companyOf(ctx.db, tenant);
  requireIdentities(privacyOf(company.company));
  const employee = await employeeOfCompany(ctx.db, tenant, email);
  if (!employee || !(await isInAudience(ctx.db, id, employee.id)))
    throw NotFound(ASSESSMENT_MESSAGES.employeeNotFound);
  const token = newToken();
  await insertLearnerToken(ctx.db, {
    tokenHash: hashToken(token),
    employeeId: employee.id,
    companyId: tenant.companyId,
  });
  return { link: assessmentLearnerLink(ctx.config.learnerUrl, token, id) };
}

// Used by other modules.
export {
  assessmentRow,
  assessmentsPage,
  deliveryDateOf,
  questionsByIds,
  recordFinish,
  type AssessmentRecord,
} from './assessments.queries.ts';
