/**
 * Assessments (spec 2): the save payload, what the server answers, and the pure rules both sides
 * apply — statuses and their codes, date rules and their messages, derived permissions, wizard step
 * unlocking, key-behaviour coverage. The scores themselves are in assessment-scoring.ts.
 */
import { z } from 'zod';
import {
  CAMPAIGN_MESSAGES,
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
import { Brand, companySettings, PERSONALIZE_KEYS, personalizeSetting } from './company-settings.ts';
import { PreviewBlock, SubjectSummary } from './catalog.ts';
import { ScoreRangeSetting } from './score-ranges.ts';

/** An assessment's statuses and list tabs are the campaign core's (campaigns.ts). */
export const ASSESSMENT_STATUSES = CAMPAIGN_STATUSES;
export type AssessmentStatus = CampaignStatus;

/** The numeric codes of spec 2 §4. */
export const ASSESSMENT_STATUS_CODES: Record<AssessmentStatus, -1 | 1 | 2 | 4> = {
  draft: -1,
  scheduled: 1,
  active: 2,
  completed: 4,
};

export const ASSESSMENT_STATUS_INFO = CAMPAIGN_STATUS_INFO;

/** List tabs: /assessment, /assessment/active (scheduled + active), /completed, /draft (admins). */
export const ASSESSMENT_TABS = CAMPAIGN_TABS;
export type AssessmentTab = CampaignTab;
export const ASSESSMENT_TAB_STATUSES = CAMPAIGN_TAB_STATUSES;

/** -1 manual (an access link, no invitation; needs ui.assessment_manual_schedule), 0 at a date, 1 now. */
export const ASSESSMENT_SCHEDULE_TYPES = { manual: -1, date: 0, now: 1 } as const;
export type AssessmentScheduleType =
  (typeof ASSESSMENT_SCHEDULE_TYPES)[keyof typeof ASSESSMENT_SCHEDULE_TYPES];

export const UNTITLED_ASSESSMENT = 'Untitled Assessment';

export const ASSESSMENT_MESSAGES = {
  notFound: 'Assessment not found :(',
  cannotEdit: "You can't edit an already completed assessment",
  draftSaved: 'Assessment draft saved!',
  updated: 'Assessment updated!',
  deleted: 'Assessment deleted!',
  deletedShort: 'Assessment deleted.',
  paused: 'Assessment paused!',
  stopped: 'Assessment stopped!',
  previewSent: CAMPAIGN_MESSAGES.previewSent,
  remindersSent: 'Reminders sent!',
  remindersNotSent: 'Reminders were not sent!',
  noEmployeesToRemind: CAMPAIGN_MESSAGES.noEmployeesToRemind,
  recentReminder: CAMPAIGN_MESSAGES.recentReminder,
  oneChannel: CAMPAIGN_MESSAGES.oneChannel,
  notCovered: 'This key behaviour is not covered. Please add more questions that cover this behaviour.',
  noQuestionsFound: 'Try adjusting the filters to find what you were looking for.',
  scoreRange: 'Max value must be higher than min value.',
  dueRequired: 'Due date is required.',
  dueInPast: (when: string) => `Due date cannot be set in the past (${when})`,
  dueBeforeDelivery: (when: string) => `Due date must be set after the delivery time (${when})`,
  deliveryInPast: 'Date cannot be set in the past.',
  deliveryRequired: 'Delivery date is required.',
  deliveryAfterDue: (when: string) => `Delivery date must be set before the due date (${when})`,
  reminderRequired: 'Reminder date is required.',
  reminderBeforeDelivery: (when: string) => `Reminder must be set after the delivery time (${when})`,
  reminderNotFuture: 'Reminder must be set to later than now.',
  reminderAfterDue: (when: string) => `Reminder must be set before the due date (${when})`,
  reminderEarlierThanNow: "Can't set a reminder to earlier than now!",
  remindersInvalid: CAMPAIGN_MESSAGES.remindersInvalid,
  tooManyReminders: 'At most 5 reminders.',
  unavailable: (x: number, y: number) => `${x}/${y} selected questions are unavailable in your plan`,
  templateUnavailable: (x: number, y: number) => `${x}/${y} questions unavailable in your plan`,
  remindCount: (n: number) => `${n} employee(s), who haven't started the assessment, will be reminded`,
  fromList: (name: string) => `from the list "${name}"`,
  fromLists: (n: number) => `from ${n} lists`,
  startedNow: 'has successfully started',
  updatedNow: 'been successfully updated',
  invitationOn: (date: string) => `Assessment invitation will be sent on ${date}`,
  // Server-side refusals the spec leaves to us.
  needsName: 'Give the assessment a name before starting it.',
  needsQuestions: 'Select at least one question.',
  needsLists: CAMPAIGN_MESSAGES.needsLists,
  needsEmployees: CAMPAIGN_MESSAGES.needsEmployees,
  manualNotEnabled: 'Manual scheduling is not enabled for this company.',
  cannotStop: 'Only a scheduled assessment can be stopped.',
  cannotPause: 'Only a scheduled assessment can be paused.',
  cannotDelete: 'Only a draft or scheduled assessment can be deleted.',
  lockedWhenActive:
    'The questions, template, schedule type and delivery date of a running assessment cannot be changed.',
  unknownQuestion: 'Question not found.',
  unknownList: CAMPAIGN_MESSAGES.unknownList,
  unknownTemplate: CAMPAIGN_MESSAGES.unknownTemplate,
  closed: 'This assessment has closed.',
  alreadyFinished: 'You have already finished this assessment.',
  notAllAnswered: 'Answer every question before finishing the assessment.',
  noResult: 'Finish the assessment to see your result.',
  unknownAction: 'This question has no such step.',
  invalidChoice: 'This answer does not fit the question.',
  notRemindable: 'Reminders can be sent only while the assessment is active.',
  employeeNotFound: 'Employee not found in this assessment.',
  accessSent: 'If this address can take the assessment, a personal link is on its way to it.',
  duplicateQuestion: 'A question can be in an assessment only once.',
  scormNotEnabled: CAMPAIGN_MESSAGES.scormNotEnabled,
  changedMeanwhile: 'The assessment changed meanwhile. Reload it and try again.',
} as const;

export const ASSESSMENT_LIMITS = {
  nameMax: 150,
  questionsMax: 200,
  listsMax: 200,
  introMax: 20_000,
  maxReminders: 5,
  pageSize: 10,
  latest: 10,
  previewRecipientsMax: 10,
  /** Names are cut at 40 characters in the question order list. */
  questionNameInList: 40,
  /** Below these counts the tables hide their pagination (spec 2 §9). */
  paginationUsers: 10,
  paginationScormUsers: 5,
  paginationKeyBehaviours: 5,
  paginationQuestions: 5,
  /** Score filters and searches wait this long after the last keystroke. */
  debounceMs: 500,
  /** The risk-employees modal's range. */
  riskMin: 0,
  riskMax: 49,
} as const;

/** Strips HTML and non-breaking spaces; an empty name becomes the untitled default. */
export const assessmentNameOrDefault = (value: string): string =>
  cleanCampaignName(value) || UNTITLED_ASSESSMENT;

/** The personalize step (spec 2 §5): remembered per company in the browser. */
export const PersonalizeData = z.object({
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(3, 'Company name must be at least 3 characters')
    .max(150, 'Company name must be at most 150 characters'),
  companyDomain: z
    .string({ error: 'Your Company domain is required' })
    .trim()
    .min(4, 'Your Company domain must be at least 4 characters')
    .max(150, 'Your Company domain must be at most 150 characters'),
  emailHR: z.email('HR department email must be a valid email').max(100),
});
export type PersonalizeData = z.infer<typeof PersonalizeData>;
/** The keys a question text may hold, filled from the personalize data. */
export const PERSONALIZED_KEYS = PERSONALIZE_KEYS;
export type PersonalizeValues = Record<(typeof PERSONALIZED_KEYS)[number], string>;

/** The settings entries that remember an assessment's personalize values for the company's next one. */
export const personalizeSettings = (data: PersonalizeData): Record<string, string> =>
  Object.fromEntries(PERSONALIZED_KEYS.map((key) => [personalizeSetting(key), data[key]]));

/** The email domain most of a company's managers share; '' without managers. */
function managersDomain(managers: readonly { email: string }[]): string {
  const counts = new Map<string, number>();
  for (const { email } of managers) {
    const domain = email.split('@')[1]?.toLowerCase();
    if (domain) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

/**
 * What the Personalize step starts from (spec 2 §4): the values last saved in the company, else its
 * name and its managers' email domain; the HR address only once someone has given it.
 */
export function personalizeDefaults(company: {
  company_name: string;
  settings: Readonly<Record<string, string>>;
  managers: readonly { email: string }[];
}): PersonalizeValues {
  const kept = companySettings(company.settings).personalize;
  return {
    companyName: kept.companyName || company.company_name,
    companyDomain: kept.companyDomain || managersDomain(company.managers),
    emailHR: kept.emailHR,
  };
}

export const AssessmentReminderStep = z.object({
  /** ISO date-time the reminder goes out. */
  send: z.iso.datetime({ offset: true }),
  /** Already sent: read-only in the wizard (the server keeps sent reminders as they were). */
  alreadySet: z.boolean().optional(),
});
export type AssessmentReminderStep = z.infer<typeof AssessmentReminderStep>;

/** The assessment save payload of spec 2 §7; `status` says whether it is saved as a draft or started. */
export const AssessmentSave = z.object({
  name: campaignName(UNTITLED_ASSESSMENT, ASSESSMENT_LIMITS.nameMax),
  status: z.enum(['draft', 'scheduled']),
  isScorm: z.boolean().default(false),
  templateIds: z.array(z.string().max(100)).max(20).default([]),
  templateCustomized: z.boolean().default(false),
  /** Question ids in the manager's order. */
  questions: z.array(z.string().min(1).max(100)).max(ASSESSMENT_LIMITS.questionsMax),
  userLists: z.array(z.uuid()).max(ASSESSMENT_LIMITS.listsMax),
  channel: channelMask,
  scheduleType: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  /** Delivery date-time (schedule type 0). */
  date: z.iso.datetime({ offset: true }).nullable().default(null),
  due: z.iso.datetime({ offset: true }).nullable().default(null),
  reminders_enabled: z.boolean(),
  reminders_settings: remindersSettings(
    AssessmentReminderStep,
    ASSESSMENT_LIMITS.maxReminders,
    ASSESSMENT_MESSAGES.tooManyReminders,
  ),
  personalizeEnabled: z.boolean().default(true),
  personalizeData: PersonalizeData.nullable().default(null),
  introMessage: z.string().max(ASSESSMENT_LIMITS.introMax).default(''),
});
export type AssessmentSave = z.input<typeof AssessmentSave>;
export type AssessmentSaveParsed = z.output<typeof AssessmentSave>;

export const AssessmentSaveResponse = z.object({
  success: z.literal(true),
  assessment: z.object({ id: z.string(), status: z.enum(ASSESSMENT_STATUSES) }),
  /** "Assessment draft saved!" for a new draft, "Assessment updated!" for a saved change. */
  message: z.string().optional(),
});

/** Problems of the schedule, per field, in the spec's words (spec 2 §5 "Dates"); empty when valid. */
export interface AssessmentDateInput {
  scheduleType: AssessmentScheduleType;
  date: Date | null;
  due: Date | null;
  remindersEnabled: boolean;
  reminders: { send: Date | null; alreadySet?: boolean }[];
  /** Editing a running assessment: a reminder earlier than now gets its own message. */
  isActive: boolean;
  now: Date;
  /** How a date is written inside the messages' parentheses (the admin's time zone on the client). */
  format: (d: Date) => string;
}
export interface AssessmentDateProblems {
  date?: string;
  due?: string;
  /** Per reminder step, by index. */
  reminders: Record<number, string>;
}

export function assessmentDateProblems(i: AssessmentDateInput): AssessmentDateProblems {
  const problems: AssessmentDateProblems = { reminders: {} };
  const t = (d: Date) => d.getTime();
  const delivery = i.scheduleType === ASSESSMENT_SCHEDULE_TYPES.date ? i.date : null;
  const deliveryEffective = i.scheduleType === ASSESSMENT_SCHEDULE_TYPES.date ? i.date : i.now;
  if (i.scheduleType === ASSESSMENT_SCHEDULE_TYPES.date && !i.isActive) {
    if (!i.date) problems.date = ASSESSMENT_MESSAGES.deliveryRequired;
    else if (t(i.date) < t(i.now)) problems.date = ASSESSMENT_MESSAGES.deliveryInPast;
    else if (i.due && t(i.date) >= t(i.due))
      problems.date = ASSESSMENT_MESSAGES.deliveryAfterDue(i.format(i.due));
  }
  if (!i.due) problems.due = ASSESSMENT_MESSAGES.dueRequired;
  else if (t(i.due) < t(i.now)) problems.due = ASSESSMENT_MESSAGES.dueInPast(i.format(i.now));
  else if (delivery && t(i.due) <= t(delivery))
    problems.due = ASSESSMENT_MESSAGES.dueBeforeDelivery(i.format(delivery));
  if (i.remindersEnabled) {
    i.reminders.forEach((step, index) => {
      if (step.alreadySet) return;
      const message = reminderProblem(step.send, delivery ?? null, i, deliveryEffective);
      if (message) problems.reminders[index] = message;
    });
  }
  return problems;
}

function reminderProblem(
  send: Date | null,
  delivery: Date | null,
  i: AssessmentDateInput,
  deliveryEffective: Date | null,
): string | null {
  if (!send) return ASSESSMENT_MESSAGES.reminderRequired;
  if (i.isActive && send.getTime() < i.now.getTime()) return ASSESSMENT_MESSAGES.reminderEarlierThanNow;
  if (delivery && send.getTime() <= delivery.getTime())
    return ASSESSMENT_MESSAGES.reminderBeforeDelivery(i.format(delivery));
  if (!delivery && send.getTime() <= i.now.getTime()) return ASSESSMENT_MESSAGES.reminderNotFuture;
  if (i.due && send.getTime() >= i.due.getTime())
    return ASSESSMENT_MESSAGES.reminderAfterDue(i.format(i.due));
  void deliveryEffective;
  return null;
}

export const hasDateProblems = (p: AssessmentDateProblems): boolean =>
  Boolean(p.date || p.due || Object.keys(p.reminders).length > 0);

/** A new reminder step: one day after the previous one (or the delivery) when that is before the due date. */
export function nextReminderSend(previous: Date | null, due: Date | null): Date | null {
  if (!previous) return null;
  const next = new Date(previous.getTime() + 86_400_000);
  return due && next.getTime() >= due.getTime() ? null : next;
}

/** What the server derives from an assessment's state (spec 2 §4). */
export type AssessmentPermissions = CampaignPermissionSet;

export const assessmentPermissions = campaignPermissions<{ status: AssessmentStatus; isScorm: boolean }>({
  canEdit: (a) => !a.isScorm && a.status !== 'completed',
  canCopy: () => true,
  canStop: (a) => a.status === 'scheduled',
  canPause: (a) => a.status === 'scheduled',
  canRemind: (a) => a.status === 'active' && !a.isScorm,
  canDelete: (a) => a.status === 'draft' || a.status === 'scheduled',
});

/** Wizard steps 1–8 (spec 2 §2); SCORM assessments skip employees, schedule and reminders. */
export const ASSESSMENT_STEPS = [
  'goal',
  'content',
  'personalize',
  'employees',
  'schedule',
  'reminders',
  'finalize',
  'start',
] as const;
export type AssessmentStep = (typeof ASSESSMENT_STEPS)[number];
export const SCORM_ASSESSMENT_STEPS: readonly AssessmentStep[] = [
  'goal',
  'content',
  'personalize',
  'finalize',
  'start',
];

export interface AssessmentWizardState {
  templateChosen: boolean;
  questionsSelected: number;
  personalizeValid: boolean;
  selectedUserCount: number;
  scheduleValid: boolean;
  channel: number;
  remindersValid: boolean;
}

/** Spec 2 §4 "Wizard step unlocking (assessment)": each step needs everything before it. */
export function isAssessmentStepAllowed(
  step: AssessmentStep,
  s: AssessmentWizardState,
  isScorm = false,
): boolean {
  const steps = isScorm ? SCORM_ASSESSMENT_STEPS : ASSESSMENT_STEPS;
  const index = steps.indexOf(step);
  if (index < 0) return false;
  const gates: Record<AssessmentStep, boolean> = {
    goal: true,
    content: s.templateChosen,
    personalize: s.questionsSelected > 0,
    employees: s.personalizeValid,
    schedule: s.selectedUserCount > 0,
    reminders: s.scheduleValid && s.channel > 0,
    finalize: isScorm ? s.personalizeValid : s.remindersValid,
    start: false,
  };
  return steps.slice(0, index + 1).every((st) => gates[st]);
}

/** Coverage of a key behaviour: selected questions ÷ green threshold, percent, capped at 100. */
export function keyBehaviourCoverage(selectedQuestions: number, greenThreshold: number): number {
  if (greenThreshold <= 0) return 100;
  return Math.min(100, Math.round((selectedQuestions / greenThreshold) * 100));
}
export const isBehaviourCovered = (selectedQuestions: number, greenThreshold: number): boolean =>
  selectedQuestions >= greenThreshold;

/** The manual-schedule access link: {domain}/assessments/{id}?o={companyId}, with &sso=1 under SSO. */
export function assessmentAccessLink(domain: string, id: string, companyId: string, sso: boolean): string {
  return `${domain.replace(/\/$/, '')}/assessments/${id}?o=${companyId}${sso ? '&sso=1' : ''}`;
}

/** Demo links: {host}/{training|assessment}/try-demo/{company_uid}/{encoded sender identity}. */
export function tryDemoLink(
  host: string,
  kind: 'training' | 'assessment',
  companyUid: string,
  sender: string,
): string {
  return `${host.replace(/\/$/, '')}/${kind}/try-demo/${companyUid}/${encodeURIComponent(sender)}`;
}

/** A threat area in a route: spaces become underscores (and back). */
export const threatAreaRouteCode = (code: string): string => code.replace(/ /g, '_');
export const threatAreaFromRoute = (code: string): string => code.replace(/_/g, ' ');

/**
 * Whether a threat area named in an address or a filter is this area: by our id ('email-phishing') or
 * by the spec's code, its English name with underscores for spaces ('Email_phishing'), in any case.
 */
export function namesThreatArea(area: { id: string; englishName: string }, code: string): boolean {
  if (code === area.id) return true;
  const plain = (value: string) => threatAreaFromRoute(value).trim().toLowerCase();
  return plain(code) === plain(area.englishName);
}

// ───────────────────────────── API shapes ─────────────────────────────

const PageQuery = pageQuery(ASSESSMENT_LIMITS.pageSize);

/** GET /companies/{id}/assessments */
export const AssessmentListQuery = z.object({
  tab: z.enum(CAMPAIGN_TABS).default('all'),
  /** Name, question name or threat-area name. */
  q: z.string().trim().max(200).optional(),
  listId: z.uuid().optional(),
  deliveryFrom: z.iso.datetime({ offset: true }).optional(),
  deliveryTo: z.iso.datetime({ offset: true }).optional(),
  dueFrom: z.iso.datetime({ offset: true }).optional(),
  dueTo: z.iso.datetime({ offset: true }).optional(),
  sort: z.enum(['updated', 'delivery', 'due']).default('updated'),
  d: z.enum(['asc', 'desc']).default('desc'),
  ...PageQuery,
});
export type AssessmentListQuery = z.input<typeof AssessmentListQuery>;

const AssessmentFigures = {
  usersTotal: z.number(),
  usersStarted: z.number(),
  usersFinished: z.number(),
  bouncedEmails: z.number(),
  /** Finished ÷ invited, percent; null before anything is sent. */
  completion: z.number().nullable(),
  /** Started ÷ invited, percent; null before anything is sent. */
  attendance: z.number().nullable(),
  /** Average over finished employees, rounded; null (N/A) when nobody finished. */
  resilienceScore: z.number().nullable(),
  lastCompleted: z.string().nullable(),
};

export const AssessmentRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ASSESSMENT_STATUSES),
  statusCode: z.number(),
  statusInfo: StatusInfo,
  isScorm: z.boolean(),
  scheduleType: z.number(),
  deliveryDate: z.string().nullable(),
  due: z.string().nullable(),
  created: z.string(),
  last_updated: z.string(),
  areas: z.array(z.string()),
  questionsCount: z.number(),
  selectedUserCount: z.number(),
  ...AssessmentFigures,
  ...CampaignPermissions,
});
export type AssessmentRow = z.infer<typeof AssessmentRow>;

export const AssessmentListResponse = campaignListResponse(AssessmentRow);
export type AssessmentListResponse = z.infer<typeof AssessmentListResponse>;

export const AssessmentLatest = z.array(AssessmentRow.pick(LATEST_FIELDS));

export const AssessmentQuestionView = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string(),
  area: z.string(),
  areaName: z.string(),
  difficulty: z.number(),
  duration: z.number(),
  behaviours: z.array(z.object({ code: z.string(), name: z.string(), max: z.number() })),
  disabled: z.boolean(),
});

export const AssessmentReminderView = z.object({
  id: z.string(),
  send: z.string(),
  /** 0 scheduled, 1 sent (spec 2 "Reminder overview row"). */
  status: z.union([z.literal(0), z.literal(1)]),
  alreadySet: z.boolean(),
  sendTo: z.number(),
  manual: z.boolean(),
});

/** GET /companies/{id}/assessments/{assessmentId} */
export const AssessmentView = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ASSESSMENT_STATUSES),
  statusCode: z.number(),
  statusInfo: StatusInfo,
  active: z.union([z.literal(0), z.literal(1)]),
  isScorm: z.boolean(),
  uniqueId: z.string(),
  templateIds: z.array(z.string()),
  templateCustomized: z.boolean(),
  scheduleType: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  deliveryDate: z.string().nullable(),
  due: z.string().nullable(),
  channel: z.number(),
  reminders_enabled: z.boolean(),
  reminders_channel: z.number(),
  reminders_steps: z.array(AssessmentReminderView),
  personalizeEnabled: z.boolean(),
  personalizeData: PersonalizeData.nullable(),
  introMessage: z.string(),
  questions: z.array(AssessmentQuestionView),
  /** Threat areas of the selected questions, with the finished employees' average. */
  areas: z.array(z.object({ id: z.string(), name: z.string(), score: z.number().nullable() })),
  ...CampaignAudienceView,
  hasStarted: z.boolean(),
  unavailableQuestions: z.number(),
  /** The manual schedule's access link (schedule type -1), else null. */
  accessLink: z.string().nullable(),
  anonymousTracking: z.boolean(),
  created: z.string(),
  last_updated: z.string(),
  ...AssessmentFigures,
  ...CampaignPermissions,
});
export type AssessmentView = z.infer<typeof AssessmentView>;

/** POST /companies/{id}/assessments/preview */
export const AssessmentPreviewRequest = z.object({
  targetEmail: z
    .string()
    .trim()
    .min(1, 'Enter at least one email address.')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email()).min(1).max(ASSESSMENT_LIMITS.previewRecipientsMax)),
  previewQuestions: z.array(z.string().min(1).max(100)).min(1).max(ASSESSMENT_LIMITS.questionsMax),
  name: z.string().max(1000).default(UNTITLED_ASSESSMENT),
  due: z.iso.datetime({ offset: true }).nullable().default(null),
  duration: z.number().int().min(0).max(100_000).optional(),
  personalizeData: PersonalizeData.nullable().default(null),
  /** The intro message as the invitation opens with it (sanitised on the server). */
  introMessage: z.string().max(ASSESSMENT_LIMITS.introMax).default(''),
});

// ── Reports ──

/** A bin of the score-distribution chart: one per score band (or branding range). */
/** A score's band as the apps show it (see score-ranges.ts): custom bands' titles are shown as written. */
export const ShownBand = z.object({ title: z.string(), color: z.string(), custom: z.boolean().optional() });
export type ShownBand = z.infer<typeof ShownBand>;

export const DistributionBin = z.object({
  from: z.number(),
  to: z.number(),
  title: z.string(),
  /** A palette name (the spec's bands) or #rrggbb (a branding range). */
  color: z.string(),
  /** A branding range: the title is the company's category, shown as written. */
  custom: z.boolean().optional(),
  /** Finished employees in the bin, and their share of the finished employees (percent, rounded). */
  value: z.number(),
  employeePercent: z.number(),
});
export type DistributionBin = z.infer<typeof DistributionBin>;

export const RISK_INSIGHT_TYPES = ['KEY_BEHAVIOUR', 'THREAT_AREA', 'EMPLOYEE_LIST', 'QUESTIONS'] as const;
export const RiskInsight = z.object({
  type: z.enum(RISK_INSIGHT_TYPES),
  context: z.object({
    name: z.string(),
    averageScore: z.number(),
    employeesPercentage: z.number().nullable(),
    threatArea: z.string().nullable(),
    keyBehaviour: z.string().nullable(),
    listId: z.string().nullable(),
    id: z.string().nullable(),
  }),
});
export type RiskInsight = z.infer<typeof RiskInsight>;

export const ThreatAreaRow = z.object({
  id: z.string(),
  area: z.string(),
  questionsCount: z.number(),
  weakestKeyBehaviour: z.object({ name: z.string(), code: z.string(), score: z.number() }).nullable(),
  averageScore: z.number().nullable(),
});
export type ThreatAreaRow = z.infer<typeof ThreatAreaRow>;

export const KeyBehaviourRow = z.object({
  keyBehaviourName: z.string(),
  keyBehaviourCode: z.string(),
  threatArea: z.string(),
  threatAreaId: z.string(),
  /** Selected questions ÷ green threshold, capped at 100. */
  coverage: z.number(),
  averageScore: z.number().nullable(),
  /** Finished employees scoring below 50 in it, percent. */
  usersAtRiskPercentage: z.number().nullable(),
});
export type KeyBehaviourRow = z.infer<typeof KeyBehaviourRow>;

/**
 * GET …/assessments/{id}/recommended-training: the assessment's weakest key behaviours (below
 * "Very good", weakest first, at most three: `behavioursToWorkOn`) and the subjects of the company's
 * plan that train them (interactive subjects name their behaviours), those training more of them
 * first; `trains` lists which.
 */
export const RecommendedTraining = z.object({
  behaviours: z.array(
    z.object({ code: z.string(), name: z.string(), threatArea: z.string(), averageScore: z.number() }),
  ),
  subjects: z.array(SubjectSummary.extend({ trains: z.array(z.string()) })),
});
export type RecommendedTraining = z.infer<typeof RecommendedTraining>;

export const ListScores = z.object({
  listId: z.string(),
  listName: z.string(),
  usersCount: z.number(),
  started: z.number(),
  areas: z.array(z.object({ area: z.string(), areaId: z.string(), averageScore: z.number().nullable() })),
});

export const EmployeeListRow = z.object({
  listId: z.string(),
  listName: z.string(),
  employeesCount: z.number(),
  started: z.number(),
  completionRate: z.number().nullable(),
  resilienceScore: z.number().nullable(),
});
export type EmployeeListRow = z.infer<typeof EmployeeListRow>;

/** GET …/assessments/{id}/overview */
export const AssessmentOverview = z.object({
  resilienceScore: z.number().nullable(),
  band: ShownBand.nullable(),
  usersTotal: z.number(),
  usersStarted: z.number(),
  usersFinished: z.number(),
  completion: z.number().nullable(),
  distribution: z.array(DistributionBin),
  insights: z.array(RiskInsight),
  threatAreas: z.array(ThreatAreaRow),
  keyBehaviours: z.array(KeyBehaviourRow),
  /** Only with more than one list. */
  listScores: z.array(ListScores),
  reminders: z.array(AssessmentReminderView),
});
export type AssessmentOverview = z.infer<typeof AssessmentOverview>;

export const QuestionReportRow = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string(),
  area: z.string(),
  areaId: z.string(),
  behaviours: z.array(z.object({ code: z.string(), name: z.string() })),
  answered: z.number(),
  /** Earned ÷ possible points over finished employees' answers, percent. */
  average_score_percentage: z.number().nullable(),
});
export type QuestionReportRow = z.infer<typeof QuestionReportRow>;

/** GET …/assessments/{id}/threat-areas/{areaId}?listId= */
export const ThreatAreaDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  assessmentKeyBehavioursCount: z.number(),
  totalKeyBehavioursCount: z.number(),
  questionsCount: z.number(),
  averageScore: z.number().nullable(),
  distribution: z.array(DistributionBin),
  keyBehaviours: z.array(KeyBehaviourRow),
  questions: z.array(QuestionReportRow),
  lists: z.array(EmployeeListRow),
});
export type ThreatAreaDetail = z.infer<typeof ThreatAreaDetail>;

/** GET …/assessments/{id}/users — the employees report (also users.csv with ?csv=1). */
export const AssessmentUsersQuery = z
  .object({
    filter: z.string().trim().max(200).optional(),
    listId: z.uuid().optional(),
    threatArea: z.string().max(100).optional(),
    status: z.enum(['all', 'finished', 'started', 'notStarted', 'bounced']).default('all'),
    minScore: z.coerce.number().int().min(0).max(100).optional(),
    maxScore: z.coerce.number().int().min(0).max(100).optional(),
    order: z.enum(['name', 'email', 'score', 'completed', 'list']).default('name'),
    d: z.enum(['asc', 'desc']).default('asc'),
    ...PageQuery,
  })
  .refine((q) => q.minScore === undefined || q.maxScore === undefined || q.maxScore > q.minScore, {
    message: ASSESSMENT_MESSAGES.scoreRange,
    path: ['maxScore'],
  });
export type AssessmentUsersQuery = z.input<typeof AssessmentUsersQuery>;

export const AssessmentEmployeeRow = z.object({
  ...CampaignEmployee,
  /** Resilience score, or the threat area's score with ?threatArea=; null (N/A) when not started. */
  scorePercent: z.number().nullable(),
  bounced: z.boolean(),
  /** Admins only, and not under anonymous tracking: a personal link into the learner app. */
  access_link: z.string().nullable(),
});
export type AssessmentEmployeeRow = z.infer<typeof AssessmentEmployeeRow>;
export const AssessmentEmployeesPage = z.object({ rows: z.array(AssessmentEmployeeRow), total: z.number() });

/** POST …/assessments/{id}/reminders/count and …/reminders (employees who have not finished). */
export const AssessmentReminderRequest = z.object({
  listIds: z.array(z.uuid()).max(ASSESSMENT_LIMITS.listsMax).optional(),
  emails: z.array(z.email()).max(10_000).optional(),
  confirmRepeat: z.boolean().default(false),
});
export const AssessmentReminderCount = z.object({
  remindersCount: z.number(),
  lastReminders: z.string().nullable(),
});

// ── Infosec summary (spec 1 §3) ──

/**
 * The fewest employees a figure of the infosec board may rest on. Below it one person moves an
 * average by more than ten points (more than half of most score bands), and a figure of a handful
 * of people says more about them than about the company, so the board shows how many results it
 * still waits for instead.
 */
export const INFOSEC_MIN_RESULTS = 10;

/**
 * The company's standing on the infosec board: every employee still in one of its lists counts once,
 * with their latest finished assessment. The resilience score is the mean of those results; a threat
 * area or key behaviour is the mean of those of them that measured it. A figure resting on fewer than
 * INFOSEC_MIN_RESULTS employees is left out (null, or not among the behaviours), so a small new
 * assessment adds its few results to the standing instead of replacing it.
 */
export const InfosecSummary = z.object({
  /** Null while fewer than `minResults` employees have a result. */
  resilienceScore: z.number().nullable(),
  /** The threat areas with results; a score is null while too few employees have one. */
  areas: z.array(z.object({ name: z.string(), score: z.number().nullable() })),
  bestBehaviour: z.object({ name: z.string(), score: z.number() }).nullable(),
  worstBehaviour: z.object({ name: z.string(), score: z.number() }).nullable(),
  /** Employees whose latest result counts, and how many assessments those results come from. */
  usersFinished: z.number(),
  assessments: z.number(),
  minResults: z.number(),
  /** When the newest of those results came in. */
  updated: z.string().nullable(),
});
export type InfosecSummary = z.infer<typeof InfosecSummary>;

// ── Learner side ──

/** A question as the employee sees it: localized, personalised, scores hidden. */
export const LearnerAssessmentBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('scenario'), text: z.string() }),
  z.object({ type: z.literal('image'), src: z.string(), alt: z.string() }),
  z.object({
    type: z.literal('multiple-choice'),
    actionId: z.string(),
    question: z.string(),
    options: z.array(z.string()),
  }),
  z.object({
    type: z.literal('yes-no-list'),
    actionId: z.string(),
    question: z.string(),
    items: z.array(z.string()),
  }),
]);
export type LearnerAssessmentBlock = z.infer<typeof LearnerAssessmentBlock>;

/** An answer to one action: the chosen option index, or yes (true) / no (false) per item. */
export const AssessmentChoice = z.union([
  z.object({ option: z.number().int().min(0).max(9) }),
  z.object({ items: z.array(z.boolean()).min(1).max(10) }),
]);
export type AssessmentChoice = z.infer<typeof AssessmentChoice>;

export const LearnerAssessmentQuestion = z.object({
  id: z.string(),
  name: z.string(),
  blocks: z.array(LearnerAssessmentBlock),
  /** The employee's stored answers by action id, so a resumed assessment shows them. */
  answers: z.record(z.string(), AssessmentChoice),
});

/** GET /api/learner/assessments/{id} */
export const LearnerAssessment = z.object({
  id: z.string(),
  name: z.string(),
  due: z.string().nullable(),
  status: z.enum(['open', 'closed', 'finished']),
  language: z.string(),
  /** Seconds the questions typically take together (totalSeconds of their durations), as mails say. */
  duration: z.number(),
  questions: z.array(LearnerAssessmentQuestion),
  /** The first question with an unanswered action: where a resumed assessment continues. */
  resumeAt: z.number(),
});
export type LearnerAssessment = z.infer<typeof LearnerAssessment>;

/** POST /api/learner/assessments/{id}/answers */
export const LearnerAssessmentAnswer = z.object({
  questionId: z.string().min(1).max(100),
  actionId: z.string().min(1).max(100),
  choice: AssessmentChoice,
});
export type LearnerAssessmentAnswer = z.infer<typeof LearnerAssessmentAnswer>;

/** GET /api/learner/assessments/{id}/result (after POST …/finish) */
export const LearnerAssessmentResult = z.object({
  resilienceScore: z.number(),
  band: ShownBand,
  /** The company's score ranges the topic bars follow; null or absent: the spec's bands. */
  scoreRanges: z.array(ScoreRangeSetting).nullable().optional(),
  areas: z.array(z.object({ id: z.string(), name: z.string(), score: z.number() })),
  /** The weakest key behaviours (below 75), weakest first, with a tip on what to work on. */
  workOn: z.array(z.object({ code: z.string(), name: z.string(), area: z.string(), score: z.number() })),
});
export type LearnerAssessmentResult = z.infer<typeof LearnerAssessmentResult>;

/** The learner home's assessment card. */
export const LearnerAssessmentCard = z.object({
  id: z.string(),
  name: z.string(),
  due: z.string().nullable(),
  status: z.enum(['open', 'closed', 'finished']),
  answered: z.number(),
  questions: z.number(),
  resilienceScore: z.number().nullable(),
});
export type LearnerAssessmentCard = z.infer<typeof LearnerAssessmentCard>;

// ── Server answers and requests added with the server module ──

/** The answer of delete, pause, stop and preview. */
export const AssessmentDone = z.object({ success: z.literal(true), message: z.string() });

/** POST …/assessments/{id}/reminders */
export const AssessmentReminderSendResponse = z.object({
  success: z.boolean(),
  reason: z.string().optional(),
});

/** POST /api/learner/assessments/{id}/access (no token): asks for a personal link by mail. */
export const AssessmentAccessRequest = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  companyId: z.uuid(),
});

/** POST /api/learner/assessments/{id}/answers */
export const LearnerAssessmentProgress = z.object({ answered: z.number(), total: z.number() });

/** The employee's personal link into an assessment: `{LEARNER_URL}/#t={token}&go=assessments/{id}`. */
export const assessmentLearnerLink = (learnerUrl: string, token: string, assessmentId: string): string =>
  `${learnerUrl.replace(/\/$/, '')}/#t=${encodeURIComponent(token)}&go=assessments/${assessmentId}`;

/** GET /api/learner/demo/assessment/{companyUid}: a short question set with its scores, nothing stored. */
export const LearnerDemoAssessment = z.object({
  brand: Brand,
  name: z.string(),
  language: z.string(),
  /** Seconds the questions typically take together. */
  duration: z.number(),
  questions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      area: z.string(),
      behaviours: z.array(z.object({ code: z.string(), max: z.number() })),
      blocks: z.array(PreviewBlock),
    }),
  ),
});
export type LearnerDemoAssessment = z.infer<typeof LearnerDemoAssessment>;
