/**
 * Training programs (spec 2, called automations in the API): the save payload, what the server answers,
 * and the pure rules both sides apply — names, derived permissions, wizard step unlocking.
 */
import { z } from 'zod';
import {
  CAMPAIGN_STATUS_INFO,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TAB_STATUSES,
  CAMPAIGN_TABS,
  CampaignAudienceView,
  CampaignEmployee,
  campaignListResponse,
  campaignName,
  campaignPermissions,
  CampaignPermissions,
  channelMask,
  cleanCampaignName,
  LATEST_FIELDS,
  pageQuery,
  remindersSettings,
  StatusInfo,
  type CampaignPermissionSet,
  type CampaignStatus,
  type CampaignTab,
} from './campaigns.ts';
import { TRAINING_MESSAGES } from './messages.ts';
import {
  INTERVALS,
  REMINDER_DELAY_TYPES,
  REMINDER_LIMITS,
  SCHEDULE_LIMITS,
  SCHEDULE_TYPES,
  type Interval,
  type ScheduleType,
} from './schedule.ts';

/** A program's statuses and list tabs are the campaign core's (campaigns.ts). */
export const TRAINING_STATUSES = CAMPAIGN_STATUSES;
export type TrainingStatus = CampaignStatus;
export const TRAINING_STATUS_INFO = CAMPAIGN_STATUS_INFO;
export const TRAINING_TABS = CAMPAIGN_TABS;
export type TrainingTab = CampaignTab;
export const TRAINING_TAB_STATUSES = CAMPAIGN_TAB_STATUSES;

export const UNTITLED_TRAINING = 'Untitled Training';

/** Limits of a save (not in the spec; generous enough for any real program). */
export const TRAINING_LIMITS = {
  nameMax: 150,
  subjectsMax: 400,
  listsMax: 200,
  introMax: 20_000,
  previewRecipientsMax: 10,
  pageSize: 10,
  latest: 10,
  /** Names are cut at 30 characters in tables, 16 in event rows, 32 in the schedule modal. */
  nameInTable: 30,
  nameInEvent: 16,
  nameInScheduleModal: 32,
} as const;

/** "Untitled Training" for a blank name, otherwise the cleaned name. */
export const trainingNameOrDefault = (value: string): string => cleanCampaignName(value) || UNTITLED_TRAINING;

export const ReminderStepInput = z.object({
  delay: z
    .number()
    .int()
    .min(
      REMINDER_LIMITS.delayMin,
      `A reminder delay is ${REMINDER_LIMITS.delayMin} to ${REMINDER_LIMITS.delayMax}.`,
    )
    .max(
      REMINDER_LIMITS.delayMax,
      `A reminder delay is ${REMINDER_LIMITS.delayMin} to ${REMINDER_LIMITS.delayMax}.`,
    ),
  delayType: z.union([
    z.literal(REMINDER_DELAY_TYPES.minute),
    z.literal(REMINDER_DELAY_TYPES.hour),
    z.literal(REMINDER_DELAY_TYPES.day),
  ]),
});

export const TrainingEventInput = z.object({
  /** -1 for an event the wizard made; the server gives every event its own id on save. */
  id: z.union([z.literal(-1), z.string()]).optional(),
  date: z.iso.datetime({ offset: true }),
  subjects: z.array(z.string().min(1)).min(1),
});
export type TrainingEventInput = z.infer<typeof TrainingEventInput>;

/** The training save payload of spec 2 §7; `status` says whether it is saved as a draft or started. */
export const TrainingSave = z.object({
  name: campaignName(UNTITLED_TRAINING, TRAINING_LIMITS.nameMax),
  status: z.enum(['draft', 'scheduled']),
  /** A SCORM/cmi5 program: exported as a package instead of being sent (needs ui.cmi5.enabled). */
  isScorm: z.boolean().default(false),
  templateId: z.string().max(100).nullable().default(null),
  templateCustomized: z.boolean().default(false),
  subjects: z.array(z.string().min(1).max(100)).max(TRAINING_LIMITS.subjectsMax),
  userLists: z.array(z.uuid()).max(TRAINING_LIMITS.listsMax),
  scheduleType: z.union([
    z.literal(SCHEDULE_TYPES.future),
    z.literal(SCHEDULE_TYPES.now),
    z.literal(SCHEDULE_TYPES.downloadLinks),
  ]),
  /** Start of a future schedule (ISO date-time). */
  date: z.iso.datetime({ offset: true }).nullable().default(null),
  frequency: z
    .enum(Object.keys(INTERVALS) as [Interval, ...Interval[]])
    .default(SCHEDULE_LIMITS.defaultInterval),
  subjectsPerInterval: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.subjectsPerIntervalMin, 'Subjects per interval is 1 to 20.')
    .max(SCHEDULE_LIMITS.subjectsPerIntervalMax, 'Subjects per interval is 1 to 20.')
    .default(SCHEDULE_LIMITS.defaultSubjectsPerInterval),
  /** Batches as the manager arranged them; left out, the server generates them from the schedule. */
  events: z
    .array(TrainingEventInput)
    .max(SCHEDULE_LIMITS.maxBatches, 'A program has at most 200 deliveries.')
    .optional(),
  sendOptions: z.object({ channel: channelMask }),
  reminders_enabled: z.boolean(),
  reminders_settings: remindersSettings(
    ReminderStepInput,
    REMINDER_LIMITS.maxSteps,
    `At most ${REMINDER_LIMITS.maxSteps} reminders.`,
  ),
  introMessageEnabled: z.boolean(),
  introductoryData: z.object({ message: z.string().max(TRAINING_LIMITS.introMax) }),
});
export type TrainingSave = z.input<typeof TrainingSave>;
export type TrainingSaveParsed = z.output<typeof TrainingSave>;

export const TrainingSaveResponse = z.object({
  success: z.literal(true),
  automation: z.object({ id: z.string(), status: z.enum(TRAINING_STATUSES) }),
});

/** What the server derives from a program's state (spec 2 §4 "Permissions derived from state"). */
export interface TrainingPermissionInput {
  status: TrainingStatus;
  isScorm: boolean;
  isAdmin: boolean;
  /** Deliveries (schedule events) in all, and how many have been sent. */
  eventsTotal: number;
  eventsSent: number;
  /** Completed subject views and those expected, across employees. */
  score: number;
  total: number;
}

export type TrainingPermissions = CampaignPermissionSet;

export const trainingPermissions: (t: TrainingPermissionInput) => TrainingPermissions = campaignPermissions<
  Omit<TrainingPermissionInput, 'isAdmin'>
>({
  canEdit: (t) => t.status === 'draft' || t.status === 'scheduled',
  // Copying reads a program and writes a new draft; it harms nothing, so every admin may copy any
  // program but a SCORM package (whose copy is a new package wizard).
  canCopy: (t) => !t.isScorm,
  canStop: (t) =>
    !t.isScorm &&
    (t.status === 'scheduled' || (t.status === 'active' && t.eventsSent > 0 && t.eventsSent < t.eventsTotal)),
  canPause: (t) => !t.isScorm && t.status === 'scheduled',
  canRemind: (t) => t.status === 'active' && !t.isScorm && t.score < t.total,
  canDelete: (t) => t.status === 'draft' || t.status === 'scheduled' || t.isScorm,
});

/** The wizard's steps (spec 2 §2), numbered 1 to 8. */
export const TRAINING_STEPS = [
  'goal',
  'content',
  'employees',
  'schedule',
  'reminders',
  'intro',
  'finalize',
  'start',
] as const;
export type TrainingStep = (typeof TRAINING_STEPS)[number];
export const SCORM_TRAINING_STEPS: readonly TrainingStep[] = ['goal', 'content', 'finalize', 'start'];

export interface WizardState {
  templateChosen: boolean;
  subjectsCount: number;
  selectedUsersCount: number;
  scheduleType: ScheduleType;
  /** Problem with the schedule (a date in the past), or null. */
  scheduleProblem: string | null;
  channel: number;
  remindersEnabled: boolean;
  reminderSteps: number;
  remindersChannel: number;
  introMessageEnabled: boolean;
  introMessageText: string;
}

/** Whether the reminder settings are valid: disabled, or at least one step and a channel. */
export const remindersValid = (
  s: Pick<WizardState, 'remindersEnabled' | 'reminderSteps' | 'remindersChannel'>,
) => !s.remindersEnabled || (s.reminderSteps > 0 && s.remindersChannel > 0);

/** Spec 2 §4 "Wizard step unlocking (training)": may the wizard show `step`? */
export function isTrainingStepAllowed(step: TrainingStep, s: WizardState, isScorm = false): boolean {
  const content = s.templateChosen;
  const employees = content && s.subjectsCount > 0;
  if (isScorm) {
    if (step === 'goal') return true;
    if (step === 'content') return content;
    return employees;
  }
  const schedule = employees && s.selectedUsersCount > 0;
  const reminders = schedule && s.scheduleProblem === null && s.channel > 0;
  const intro = reminders && remindersValid(s);
  const finalize = intro && !(s.introMessageEnabled && s.introMessageText.trim() === '');
  switch (step) {
    case 'goal':
      return true;
    case 'content':
      return content;
    case 'employees':
      return employees;
    case 'schedule':
      return schedule;
    case 'reminders':
      return reminders;
    case 'intro':
      return intro;
    case 'finalize':
    case 'start':
      return finalize;
  }
}

/** Preview send types of spec 2 §4: the whole program, chosen deliveries, or only the intro message. */
export const PREVIEW_TYPES = { allTraining: 1, specificTraining: 2, other: 3 } as const;

/** Comma-separated recipients, each a valid address. */
export const previewRecipients = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .superRefine((emails, ctx) => {
    if (emails.length === 0)
      ctx.addIssue({ code: 'custom', message: TRAINING_MESSAGES.previewNeedsRecipient });
    if (emails.length > TRAINING_LIMITS.previewRecipientsMax)
      ctx.addIssue({ code: 'custom', message: `At most ${TRAINING_LIMITS.previewRecipientsMax} addresses.` });
    for (const email of emails)
      if (!z.email().safeParse(email).success)
        ctx.addIssue({ code: 'custom', message: TRAINING_MESSAGES.previewBadRecipient(email) });
  });

export const TrainingPreviewRequest = z.object({
  targetEmail: previewRecipients,
  type: z.union([
    z.literal(PREVIEW_TYPES.allTraining),
    z.literal(PREVIEW_TYPES.specificTraining),
    z.literal(PREVIEW_TYPES.other),
  ]),
  name: z.string().max(1000).transform(trainingNameOrDefault).default(UNTITLED_TRAINING),
  /** The deliveries to preview: their index in the schedule and their subjects. */
  previewSubjects: z
    .array(
      z.object({
        index: z.number().int().min(0),
        subjectIds: z.array(z.string().min(1)).max(TRAINING_LIMITS.subjectsMax),
      }),
    )
    .max(SCHEDULE_LIMITS.maxBatches),
  introductoryData: z
    .object({ enabled: z.boolean().default(true), message: z.string().max(TRAINING_LIMITS.introMax) })
    .optional(),
});
export type TrainingPreviewRequest = z.input<typeof TrainingPreviewRequest>;

/** GET /companies/{id}/automations — the list query; d is the sort direction, p the page, n its size. */
export const TrainingListQuery = z.object({
  tab: z.enum(CAMPAIGN_TABS).default('all'),
  q: z.string().trim().max(200).optional(),
  listId: z.uuid().optional(),
  subjectId: z.string().max(100).optional(),
  startFrom: z.iso.datetime({ offset: true }).optional(),
  startTo: z.iso.datetime({ offset: true }).optional(),
  endFrom: z.iso.datetime({ offset: true }).optional(),
  endTo: z.iso.datetime({ offset: true }).optional(),
  sort: z.enum(['updated', 'start', 'end']).default('updated'),
  d: z.enum(['asc', 'desc']).default('desc'),
  ...pageQuery(TRAINING_LIMITS.pageSize),
});
export type TrainingListQuery = z.input<typeof TrainingListQuery>;

const TrainingFigures = {
  /** Employees a delivery has gone to. */
  totalUsers: z.number(),
  opened: z.number(),
  /** Lessons finished, and those delivered (delivered lessons × employees). */
  score: z.number(),
  total: z.number(),
  bouncedEmails: z.number(),
  /** Quiz questions answered over all employees, and those answered correctly. */
  answered: z.number(),
  correct: z.number(),
  /** Percent of invited employees who opened a delivery; null before anything is sent. */
  attendance: z.number().nullable(),
  /** Completion (FIGURES.completion): percent of delivered lessons finished; null before anything is sent. */
  completionRate: z.number().nullable(),
  /** Quiz score (FIGURES.quizScore): percent of answers correct; null before any answer. */
  quizScore: z.number().nullable(),
};

export const TrainingRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(TRAINING_STATUSES),
  statusInfo: StatusInfo,
  isScorm: z.boolean(),
  subjectsNames: z.array(z.string()),
  selectedUserCount: z.number(),
  firstBatch: z.string().nullable(),
  lastBatch: z.string().nullable(),
  updated: z.string(),
  ...TrainingFigures,
  ...CampaignPermissions,
});
export type TrainingRow = z.infer<typeof TrainingRow>;

export const TrainingListResponse = campaignListResponse(TrainingRow);
export type TrainingListResponse = z.infer<typeof TrainingListResponse>;

export const TrainingLatest = z.array(TrainingRow.pick(LATEST_FIELDS));

export const TrainingEventView = z.object({
  id: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  date: z.string(),
  status: z.enum(['scheduled', 'sending', 'sent', 'cancelled']),
  subjects: z.array(z.string()),
  /** The schedule event a reminder follows. */
  parentId: z.string().nullable(),
});
export type TrainingEventView = z.infer<typeof TrainingEventView>;

export const TrainingView = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(TRAINING_STATUSES),
  statusInfo: StatusInfo,
  active: z.union([z.literal(0), z.literal(1)]),
  isScorm: z.boolean(),
  uniqueId: z.string(),
  templateId: z.string().nullable(),
  templateCustomized: z.boolean(),
  scheduleType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  date: z.string().nullable(),
  frequency: z.enum(Object.keys(INTERVALS) as [Interval, ...Interval[]]),
  subjectsPerInterval: z.number(),
  channel: z.number(),
  reminders_enabled: z.boolean(),
  reminders_channel: z.number(),
  reminders_steps: z.array(ReminderStepInput),
  introMessageEnabled: z.boolean(),
  introductoryData: z.object({ message: z.string() }),
  subjects: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      type: z.number(),
      duration: z.number(),
      thumb: z.string().nullable(),
      disabled: z.boolean(),
    }),
  ),
  ...CampaignAudienceView,
  events: z.array(TrainingEventView),
  firstBatch: z.string().nullable(),
  lastBatch: z.string().nullable(),
  lastDelivery: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  hasUnavailableSubjects: z.boolean(),
  unavailableSubjects: z.number(),
  anonymousTracking: z.boolean(),
  ...TrainingFigures,
  ...CampaignPermissions,
});
export type TrainingView = z.infer<typeof TrainingView>;

/** Detail tabs (spec 2 §2 Training detail): lessons, lists, employees. */
export const TrainingLessonRow = z.object({
  id: z.string(),
  name: z.string(),
  /** SUBJECT_TYPES; interactive subjects (5) have per-flag figures (…/lessons/{id}/flags). */
  type: z.number().default(0),
  sent: z.number(),
  score: z.number(),
  total: z.number(),
  questions_count: z.number(),
  /** Correct answers ÷ answers, percent; null without answers. */
  correctsStats: z.number().nullable(),
  date: z.string().nullable(),
});
export const TrainingListRow = z.object({
  id: z.string(),
  name: z.string(),
  list_user_count: z.number(),
  score: z.number(),
  total: z.number(),
});
export const TrainingEmployeeRow = z.object({
  ...CampaignEmployee,
  /** Lessons finished and delivered; scorePercent is their completion (FIGURES.completion). */
  score: z.number(),
  total: z.number(),
  scorePercent: z.number().nullable(),
  /** Quiz questions answered and answered correctly; quizScore is their FIGURES.quizScore. */
  answered: z.number(),
  correct: z.number(),
  quizScore: z.number().nullable(),
  bounced: z.boolean(),
});
export type TrainingLessonRow = z.infer<typeof TrainingLessonRow>;
export type TrainingListRow = z.infer<typeof TrainingListRow>;
export type TrainingEmployeeRow = z.infer<typeof TrainingEmployeeRow>;

export const TrainingEmployeesQuery = z.object({
  q: z.string().trim().max(200).optional(),
  filter: z.enum(['all', 'completed', 'notCompleted', 'bounced']).default('all'),
  ...pageQuery(TRAINING_LIMITS.pageSize),
});
export type TrainingEmployeesQuery = z.input<typeof TrainingEmployeesQuery>;

export const TrainingEmployeesPage = z.object({ rows: z.array(TrainingEmployeeRow), total: z.number() });

/** GET /companies/{id}/automations/audience?lists=a,b — employees the chosen lists reach, each once. */
export const TrainingAudienceQuery = z.object({
  lists: z
    .string()
    .max(TRAINING_LIMITS.listsMax * 37)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).max(TRAINING_LIMITS.listsMax)),
});
export const TrainingAudience = z.object({ selectedUserCount: z.number() });
