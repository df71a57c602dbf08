import type {
  ChatChannels,
  TrainingEmployeesQuery,
  TrainingListQuery,
  TrainingPreviewRequest,
} from '@vigil/shared';
import { htmlToText, sanitizeIntro } from '../../lib/html.ts';
import {
  completionPercent,
  generateSchedule,
  isSubjectAvailable,
  localize,
  isUntitledName,
  missedPercent,
  SUBJECT_TYPES,
  quizScorePercent,
  REMINDER_DELAY_TYPES,
  scheduleProblem,
  SCHEDULE_TYPES,
  TRAINING_LIMITS,
  TRAINING_MESSAGES,
  type InteractiveFlagStats,
  type ReminderStep,
  type TrainingSaveParsed,
  type TrainingStatus,
} from '@vigil/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { enqueue, MAIL_RETRY, type JobPayload } from '../../jobs/jobs.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { peopleListing, presentIdentity, privacyOf } from '../../lib/privacy.ts';
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
  pageWindow,
  reminderProblems,
  requireLicence,
  visibleCampaign,
  withStatusInfo,
} from '../campaigns/campaigns.manage.ts';
import { companyListsAmong } from '../campaigns/campaigns.service.ts';
import { settingsOf } from '../companies/companies.service.ts';
import { activeTemplates } from '../content/content.service.ts';
import { presentSubscription } from '../companies/companies.presenter.ts';
import {
  permissionsOf as presentPermissions,
  presentRow,
  presentView,
  type SubjectInfo,
} from './trainings.presenter.ts';
import {
  cancelUnsentEvents,
  deleteTraining,
  deleteUnsentEvents,
  employeesPage,
  eventsOf,
  insertEvents,
  insertTraining,
  interactiveBodyOf,
  interactiveCounts,
  latestTrainings,
  lessonFigures,
  listFigures,
  listsOfTraining,
  lockTraining,
  replaceTrainingLists,
  setStatus,
  subjectsByIds,
  trainingById,
  trainingRow,
  trainingsPage,
  updateTraining,
  type TrainingInsert,
} from './trainings.queries.ts';

export const PREVIEW_JOB = 'trainings.preview' as const;

const STEP_MS: Record<ReminderStep['delayType'], number> = {
  [REMINDER_DELAY_TYPES.minute]: 60_000,
  [REMINDER_DELAY_TYPES.hour]: 3_600_000,
  [REMINDER_DELAY_TYPES.day]: 86_400_000,
};

const companyOf = campaignCompany;

async function subjectInfo(
  db: Db,
  ids: string[],
  lang: string,
  plan: ReturnType<typeof presentSubscription>,
) {
  const rows = await subjectsByIds(db, [...new Set(ids)]);
  return new Map<string, SubjectInfo>(
    rows.map((s) => [s.id, { ...s, disabled: s.retiredAt !== null || !isSubjectAvailable(plan, s), lang }]),
  );
}

export async function listTrainings(
  db: Db,
  tenant: TenantContext,
  query: z.output<typeof TrainingListQuery>,
  lang: string,
) {
  const { admin, tab, includeDrafts, q, window } = campaignListRequest(tenant, query);
  const { rows, counts } = await trainingsPage(
    db,
    tenant,
    {
      tab,
      includeDrafts,
      q,
      listId: query.listId,
      subjectId: query.subjectId,
      startFrom: dateParam(query.startFrom),
      startTo: dateParam(query.startTo),
      endFrom: dateParam(query.endFrom),
      endTo: dateParam(query.endTo),
    },
    { sort: query.sort, direction: query.d, ...window },
  );
  const plan = presentSubscription((await companyOf(db, tenant)).subscription);
  const subjects = await subjectInfo(
    db,
    rows.flatMap((r) => r.training.subjectIds),
    lang,
    plan,
  );
  return campaignListAnswer(
    rows.map((r) => presentRow(r, subjects, admin)),
    counts,
    admin,
  );
}

/** How many employees the chosen lists reach, each counted once (the wizard's employee count). */
export async function audience(db: Db, tenant: TenantContext, listIds: string[]) {
  const { found, users } = await companyListsAmong(db, tenant, listIds);
  if (found.length !== new Set(listIds).size) throw NotFound(TRAINING_MESSAGES.unknownList);
  return { selectedUserCount: users };
}

export async function latest(db: Db, tenant: TenantContext) {
  return withStatusInfo(await latestTrainings(db, tenant, isAdmin(tenant), TRAINING_LIMITS.latest));
}

export async function findTraining(db: Db, tenant: TenantContext, id: string) {
  const record = await trainingById(db, tenant, id);
  visibleCampaign(tenant, record?.training, TRAINING_MESSAGES.notFound);
  return record!;
}

/**
 * The program row as this manager may see it, without computing its figures (the detail page's tabs
 * and the delivery calls need only the row).
 */
export async function findTrainingRow(db: Db, tenant: TenantContext, id: string) {
  return visibleCampaign(tenant, await trainingRow(db, tenant, id), TRAINING_MESSAGES.notFound);
}

export async function trainingView(db: Db, tenant: TenantContext, id: string, lang: string) {
  const record = await findTraining(db, tenant, id);
  const [company, events, lists] = await Promise.all([
    companyOf(db, tenant),
    eventsOf(db, tenant, id),
    listsOfTraining(db, tenant, id),
  ]);
  const subjects = await subjectInfo(
    db,
    record.training.subjectIds,
    lang,
    presentSubscription(company.subscription),
  );
  return presentView(record, {
    events,
    lists,
    subjects,
    admin: isAdmin(tenant),
    anonymous: privacyOf(company.company).anonymous,
  });
}

/** What must hold before a program may start; the first problem found, in the spec's words. */
function startProblems(
  input: TrainingSaveParsed,
  facts: { subjects: Map<string, SubjectInfo>; users: number; introText: string },
): string[] {
  const problems: string[] = [];
  if (isUntitledName(input.name)) problems.push(TRAINING_MESSAGES.needsName);
  if (input.subjects.length === 0) problems.push(TRAINING_MESSAGES.needsSubjects);
  const unavailable = input.subjects.filter((id) => facts.subjects.get(id)?.disabled).length;
  if (unavailable > 0) problems.push(TRAINING_MESSAGES.unavailable(unavailable, input.subjects.length));
  if (!input.isScorm) {
    problems.push(...audienceProblems(input, facts.users), ...reminderProblems(input));
    if (input.introMessageEnabled && facts.introText === '') problems.push(TRAINING_MESSAGES.introEmpty);
  }
  return problems;
}

/** Problems of any save, draft or start: references that do not exist, impossible dates, channels. */
function saveProblems(
  input: TrainingSaveParsed,
  facts: {
    subjects: Map<string, SubjectInfo>;
    listsFound: string[];
    templateOk: boolean;
    cmi5: boolean;
    chat: ChatChannels;
  },
  now: Date,
): string[] {
  const problems: string[] = [];
  if (input.subjects.some((id) => !facts.subjects.has(id))) problems.push(TRAINING_MESSAGES.unknownSubject);
  if (new Set(input.subjects).size !== input.subjects.length)
    problems.push('A subject can be in a program only once.');
  problems.push(
    ...campaignSaveProblems(
      { ...input, channels: [input.sendOptions.channel, input.reminders_settings.channel] },
      facts,
    ),
  );
  if (input.scheduleType === SCHEDULE_TYPES.future) {
    const problem = scheduleProblem({
      scheduleType: input.scheduleType,
      subjects: input.subjects,
      interval: input.frequency,
      subjectsPerInterval: input.subjectsPerInterval,
      start: input.date ? new Date(input.date) : undefined,
      now,
    });
    if (problem) problems.push(problem);
  }
  if (input.events) problems.push(...eventProblems(input, now));
  return [...new Set(problems)];
}

function eventProblems(input: TrainingSaveParsed, now: Date): string[] {
  const problems: string[] = [];
  const events = input.events ?? [];
  const start = input.scheduleType === SCHEDULE_TYPES.future && input.date ? new Date(input.date) : null;
  for (const event of events) {
    const at = new Date(event.date);
    if (start && at.getTime() < start.getTime()) problems.push(TRAINING_MESSAGES.eventBeforeStart);
    // A minute's grace: the wizard stamps "now" deliveries a moment before the server sees them.
    if (at.getTime() < now.getTime() - 60_000 && input.scheduleType === SCHEDULE_TYPES.future)
      problems.push('Date cannot be set in the past.');
  }
  const listed = events.flatMap((e) => e.subjects);
  if (
    listed.length !== input.subjects.length ||
    new Set(listed).size !== listed.length ||
    listed.some((s) => !input.subjects.includes(s))
  )
    problems.push(TRAINING_MESSAGES.eventsMismatch);
  return problems;
}

/** The batches to write when a program starts: the manager's arrangement, or the generated schedule. */
function batchesOf(input: TrainingSaveParsed, now: Date) {
  const batches =
    input.scheduleType === SCHEDULE_TYPES.future && input.events
      ? input.events.map((e) => ({ date: e.date, subjects: e.subjects }))
      : generateSchedule({
          scheduleType: input.scheduleType,
          subjects: input.subjects,
          interval: input.frequency,
          subjectsPerInterval: input.subjectsPerInterval,
          start: input.date ? new Date(input.date) : undefined,
          now,
        });
  const steps = input.reminders_enabled ? input.reminders_settings.steps : [];
  return batches
    .map((b) => ({ sendAt: new Date(b.date), subjectIds: b.subjects }))
    .sort((a, b) => a.sendAt.getTime() - b.sendAt.getTime())
    .map((b) => ({
      ...b,
      reminders: steps.map((s) => new Date(b.sendAt.getTime() + s.delay * STEP_MS[s.delayType])),
    }));
}

/**
 * Creates or updates a program. `status` draft stores it as it is (a scheduled one goes back to draft);
 * scheduled starts it: checks everything a start needs, then writes its deliveries and reminders.
 * All of it in one transaction: an invalid save changes nothing.
 */
export async function saveTraining(
  db: Db,
  tenant: TenantContext,
  id: string | null,
  input: TrainingSaveParsed,
  now = new Date(),
) {
  const company = await companyOf(db, tenant);
  requireLicence(company);
  const plan = presentSubscription(company.subscription);
  const [subjects, lists, templateOk] = await Promise.all([
    subjectInfo(db, input.subjects, 'en', plan),
    companyListsAmong(db, tenant, input.isScorm ? [] : input.userLists),
    input.templateId ? templateExists(db, input.templateId) : Promise.resolve(true),
  ]);
  const intro = sanitizeIntro(input.introductoryData.message);
  const problems = saveProblems(
    input,
    {
      subjects,
      listsFound: lists.found,
      templateOk,
      cmi5: settingsOf(company.company).cmi5Enabled,
      chat: await campaignChatChannels(db, tenant, company),
    },
    now,
  );
  const start = input.status === 'scheduled';
  if (start)
    problems.push(...startProblems(input, { subjects, users: lists.users, introText: htmlToText(intro) }));
  if (problems.length > 0) throw Invalid([...new Set(problems)]);

  const status: TrainingStatus = !start ? 'draft' : input.isScorm ? 'active' : 'scheduled';
  const values: TrainingInsert = {
    name: input.name,
    status,
    isScorm: input.isScorm,
    templateId: input.templateId,
    templateCustomized: input.templateCustomized,
    subjectIds: input.subjects,
    scheduleType: input.isScorm ? SCHEDULE_TYPES.downloadLinks : input.scheduleType,
    startAt: input.scheduleType === SCHEDULE_TYPES.future && input.date ? new Date(input.date) : null,
    frequency: input.frequency,
    subjectsPerInterval: input.subjectsPerInterval,
    channel: input.sendOptions.channel,
    remindersEnabled: input.reminders_enabled,
    remindersChannel: input.reminders_settings.channel,
    reminderSteps: input.reminders_settings.steps,
    introEnabled: input.introMessageEnabled,
    introMessage: intro,
    startedAt: start ? now : null,
  };
  return db.transaction(async (tx) => {
    let trainingId = id;
    if (trainingId) {
      const existing = await lockTraining(tx, tenant, trainingId);
      if (!existing) throw NotFound(TRAINING_MESSAGES.notFound);
      if (existing.status !== 'draft' && existing.status !== 'scheduled')
        throw Conflict(TRAINING_MESSAGES.cannotEdit);
      await updateTraining(tx, tenant, trainingId, values);
      await deleteUnsentEvents(tx, trainingId);
    } else {
      trainingId = (await insertTraining(tx, tenant, { ...values, createdBy: tenant.userId })).id;
    }
    await replaceTrainingLists(tx, tenant, trainingId, input.isScorm ? [] : input.userLists);
    if (start && !input.isScorm) await insertEvents(tx, tenant, trainingId, batchesOf(input, now));
    return { success: true as const, automation: { id: trainingId, status } };
  });
}

async function templateExists(db: Db, templateId: string): Promise<boolean> {
  return (await activeTemplates(db, 'training')).some((t) => t.id === templateId);
}

/** The derived permissions of a program for this manager. */
export const permissionsOfRecord = (
  record: Awaited<ReturnType<typeof findTraining>>,
  tenant: TenantContext,
) => presentPermissions(record, isAdmin(tenant));

export const {
  remove: removeTraining,
  pause: pauseTraining,
  stop: stopTraining,
} = campaignLifecycle({
  texts: TRAINING_MESSAGES,
  async find(db, tenant, id) {
    const record = await findTraining(db, tenant, id);
    return { record, can: permissionsOfRecord(record, tenant) };
  },
  remove: (db, { tenant, id }) => deleteTraining(db, tenant, id),
  /** Pause: a scheduled program goes back to draft; its deliveries are dropped until it starts again. */
  async pause(tx, { tenant, id }) {
    await deleteUnsentEvents(tx, id);
    await setStatus(tx, tenant, id, 'draft', { startedAt: null });
  },
  /**
   * Stop: no further deliveries or reminders. A program that has sent something is completed with what
   * it sent; one that has sent nothing goes back to draft.
   */
  async stop(tx, { tenant, id, record, now }) {
    if (record.eventsSent > 0) {
      await cancelUnsentEvents(tx, id);
      await setStatus(tx, tenant, id, 'completed', { stoppedAt: now });
    } else {
      await deleteUnsentEvents(tx, id);
      await setStatus(tx, tenant, id, 'draft', { startedAt: null });
    }
  },
});

export async function trainingLessons(db: Db, tenant: TenantContext, id: string, lang: string) {
  const training = await findTrainingRow(db, tenant, id);
  const company = await companyOf(db, tenant);
  const [subjects, figures] = await Promise.all([
    subjectInfo(db, training.subjectIds, lang, presentSubscription(company.subscription)),
    lessonFigures(db, tenant, id),
  ]);
  const bySubject = new Map(figures.map((f) => [f.subject_id, f]));
  return training.subjectIds.map((subjectId) => {
    const s = subjects.get(subjectId);
    const f = bySubject.get(subjectId);
    return {
      id: subjectId,
      name: s ? localize(s.title, lang) : subjectId,
      type: s?.type ?? 0,
      sent: f?.sent ?? 0,
      score: f?.score ?? 0,
      total: f?.sent ?? 0,
      questions_count: s?.quizCount ?? 0,
      correctsStats: f ? quizScorePercent(f.correct, f.answered) : null,
      date: f?.date ? new Date(f.date).toISOString() : null,
    };
  });
}

export async function trainingListsReport(db: Db, tenant: TenantContext, id: string) {
  await findTrainingRow(db, tenant, id);
  const rows = await listFigures(db, tenant, id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    list_user_count: r.list_user_count,
    score: r.score,
    total: r.total,
  }));
}

export async function trainingEmployees(
  db: Db,
  tenant: TenantContext,
  id: string,
  query: z.output<typeof TrainingEmployeesQuery>,
) {
  await findTrainingRow(db, tenant, id);
  const company = await companyOf(db, tenant);
  const privacy = privacyOf(company.company);
  const page = await employeesPage(db, tenant, id, {
    ...peopleListing(privacy, query.q),
    filter: query.filter,
    ...pageWindow(query),
  });
  return {
    total: page.total,
    rows: page.rows.map((r) =>
      presentIdentity(privacy, {
        email: r.email,
        name: r.name,
        listName: r.list_name,
        completedDate: r.completed_at ? new Date(r.completed_at).toISOString() : null,
        started: r.started,
        score: r.score,
        total: r.total,
        scorePercent: r.started ? completionPercent(r.score, r.total) : null,
        answered: r.quiz_answered,
        correct: r.quiz_correct,
        quizScore: quizScorePercent(r.quiz_correct, r.quiz_answered),
        bounced: r.bounced,
      }),
    ),
  };
}

export type PreviewJob = JobPayload<'trainings.preview'>;

/** Queues one preview mail per recipient; the job renders and sends it. */
export async function sendPreview(
  ctx: AppContext,
  tenant: TenantContext,
  input: z.output<typeof TrainingPreviewRequest>,
) {
  const ids = input.previewSubjects.flatMap((b) => b.subjectIds);
  const withIntro =
    input.introductoryData?.enabled && htmlToText(sanitizeIntro(input.introductoryData.message)) !== '';
  if (input.type !== 3 && ids.length === 0)
    throw Invalid([
      input.type === 2 ? TRAINING_MESSAGES.previewNeedsPeriod : TRAINING_MESSAGES.previewNeedsItems,
    ]);
  if (input.type === 3 && !withIntro) throw Invalid([TRAINING_MESSAGES.previewNeedsItems]);
  const company = await companyOf(ctx.db, tenant);
  requireLicence(company);
  const subjects = await subjectInfo(ctx.db, ids, 'en', presentSubscription(company.subscription));
  if (ids.some((s) => !subjects.has(s))) throw Invalid([TRAINING_MESSAGES.unknownSubject]);
  const unavailable = ids.filter((s) => subjects.get(s)?.disabled).length;
  if (unavailable > 0) throw Invalid([TRAINING_MESSAGES.unavailable(unavailable, ids.length)]);
  const intro = withIntro ? sanitizeIntro(input.introductoryData!.message) : null;
  for (const to of input.targetEmail) {
    const job: PreviewJob = {
      companyId: tenant.companyId,
      to,
      name: input.name,
      batches: input.type === 3 ? [] : input.previewSubjects,
      intro,
    };
    await enqueue(ctx, PREVIEW_JOB, job, MAIL_RETRY);
  }
  return { success: true as const, sent: input.targetEmail.length };
}

// Used by other modules.
export {
  firstBatch,
  participantTotals,
  programPeople,
  subjectsByIds,
  trainingsPage,
  type PersonRow,
} from './trainings.queries.ts';
export { enrolInProgram } from './trainings.delivery.queries.ts';

/** Per-flag figures of a program's interactive subject (spec of issue 25): who found and missed each flag. */
export async function trainingFlagStats(
  db: Db,
  tenant: TenantContext,
  id: string,
  subjectId: string,
  lang: string,
): Promise<InteractiveFlagStats> {
  const training = await findTrainingRow(db, tenant, id);
  const subject = training.subjectIds.includes(subjectId)
    ? await interactiveBodyOf(db, subjectId)
    : undefined;
  const body = subject?.type === SUBJECT_TYPES.interactive ? subject.body.interactive : undefined;
  if (!body) throw NotFound(TRAINING_MESSAGES.notFound);
  const counts = new Map((await interactiveCounts(db, tenant, id, subjectId)).map((c) => [c.scene_id, c]));
  return {
    subjectId,
    scenes: body.scenes.map((scene) => {
      const c = counts.get(scene.id);
      const completed = c?.completed ?? 0;
      return {
        id: scene.id,
        kind: scene.kind,
        completed,
        rightChoice: c?.right_choice ?? 0,
        flags: scene.flags.map((flag) => {
          const found = c?.found[flag.id] ?? 0;
          return {
            id: flag.id,
            label: localize(flag.label, lang),
            behaviour: flag.behaviour,
            found,
            missed: completed - found,
            missedPercent: missedPercent(completed - found, completed),
          };
        }),
      };
    }),
  };
}
