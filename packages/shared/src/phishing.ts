/**
 * Phishing simulations, the third campaign kind (docs/ARCHITECTURE.md "How a campaign kind plugs in"):
 * the save payload, what the server answers, the permission rules and texts, the results' shapes, and
 * the pure rules both sides apply — the send window and each employee's place in it, and which
 * template an employee gets from a random mix. The templates' own format is phishing-content.ts; what
 * happens after a mail is sent (clicks, scanners, reports) is phishing-tracking.ts.
 */
import { z } from 'zod';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUSES,
  CampaignAudienceView,
  campaignListResponse,
  campaignName,
  campaignPermissions,
  CampaignPermissions,
  LATEST_FIELDS,
  pageQuery,
  StatusInfo,
  type CampaignPermissionSet,
  type CampaignStatus,
} from './campaigns.ts';
import { PhishingFlagLocation, PhishingLure } from './phishing-content.ts';
import { timeZoneName } from './time-zones.ts';
import { hasNoControlCharacters, MESSAGES } from './validation.ts';

export const PHISHING_STATUSES = CAMPAIGN_STATUSES;
export type PhishingStatus = CampaignStatus;

export const UNTITLED_PHISHING = 'Untitled Phishing Simulation';

export const PHISHING_LIMITS = {
  nameMax: 150,
  templatesMax: 100,
  listsMax: 200,
  /** The send window is spread over at most this many days, so colleagues do not warn each other. */
  windowDaysMax: 30,
  /** Days a campaign keeps counting clicks and reports after its last mail went out. */
  trackingDaysDefault: 14,
  trackingDaysMax: 90,
  pageSize: 10,
  latest: 10,
  customTemplatesMax: 500,
  customHtmlMax: 200_000,
  subjectMax: 200,
  senderNameMax: 100,
  senderProfilesMax: 50,
  redFlagsMax: 20,
  /** The repeat clickers table: employees who clicked in at least this many simulations. */
  repeatClicks: 2,
} as const;

export const PHISHING_MESSAGES = {
  notFound: 'Phishing simulation not found.',
  cannotEdit: "You can't edit a completed phishing simulation.",
  cannotPause: 'Only a scheduled or running phishing simulation can be paused.',
  cannotStop: 'Only a scheduled or running phishing simulation can be stopped.',
  cannotDelete: 'Only a draft or scheduled phishing simulation can be deleted.',
  draftSaved: 'Phishing simulation draft saved!',
  updated: 'Phishing simulation updated!',
  deleted: 'Phishing simulation deleted!',
  paused: 'Phishing simulation paused!',
  stopped: 'Phishing simulation stopped!',
  started: 'Phishing simulation started!',
  needsName: 'Give the phishing simulation a name before starting it.',
  needsTemplates: 'Select at least one template.',
  needsLists: CAMPAIGN_MESSAGES.needsLists,
  needsEmployees: CAMPAIGN_MESSAGES.needsEmployees,
  unknownList: CAMPAIGN_MESSAGES.unknownList,
  unknownTemplate: CAMPAIGN_MESSAGES.unknownTemplate,
  unknownLandingPage: 'Landing page not found.',
  unknownSenderProfile: 'Sender profile not found.',
  unknownProgram: 'Training program not found.',
  needsProgram: 'Choose the training program a click enrols the employee in.',
  windowInPast: 'The send window cannot start in the past.',
  businessHours: 'The business hours must end after they start.',
  lockedWhenActive:
    'The templates, lists and send window of a running phishing simulation cannot be changed.',
  noLicense: CAMPAIGN_MESSAGES.noLicense,
  templateNotFound: 'Template not found.',
  templateSaved: 'Template saved!',
  templateDeleted: 'Template deleted!',
  templateInUse: 'This template is used by a phishing simulation that has not finished.',
  senderProfileSaved: 'Sender profile saved!',
  senderProfileDeleted: 'Sender profile deleted!',
  senderProfileInUse: 'This sender profile is used by a phishing simulation that has not finished.',
  senderDomain: 'Enter a domain name such as accounts-review.example.',
  testSent: 'Test mail sent.',
  employeeNotFound: 'Employee not found in this phishing simulation.',
  anonymous: 'Per-employee results are hidden while anonymous tracking is on.',
} as const;

/** Which templates the employees get: the chosen ones in turn, or a random mix per employee from them. */
export const PHISHING_TEMPLATE_MODES = ['selected', 'random'] as const;
export type PhishingTemplateMode = (typeof PHISHING_TEMPLATE_MODES)[number];

/** What a click leads to: the teachable moment alone, or the teachable moment and an enrolment. */
export const PHISHING_ON_CLICK = ['teachable-moment', 'enrol'] as const;
export type PhishingOnClick = (typeof PHISHING_ON_CLICK)[number];

/** A recurring simulation starts again with a fresh mix this long after its window started. */
export const PHISHING_RECURRENCES = ['none', 'monthly', 'quarterly'] as const;
export type PhishingRecurrence = (typeof PHISHING_RECURRENCES)[number];
export const PHISHING_RECURRENCE_MONTHS: Record<PhishingRecurrence, number> = {
  none: 0,
  monthly: 1,
  quarterly: 3,
};

/**
 * A template reference: a library template's id (content/phishing) or `custom:<uuid>` for a company's
 * own template. A landing page reference is a library landing page's id.
 */
export const CUSTOM_TEMPLATE_PREFIX = 'custom:';
export const isCustomTemplateRef = (ref: string): boolean => ref.startsWith(CUSTOM_TEMPLATE_PREFIX);
export const customTemplateRef = (id: string): string => `${CUSTOM_TEMPLATE_PREFIX}${id}`;
export const customTemplateId = (ref: string): string | null =>
  isCustomTemplateRef(ref) ? ref.slice(CUSTOM_TEMPLATE_PREFIX.length) : null;
const templateRef = z.string().trim().min(1).max(100);

/** Hours of the day (0–24, in the window's time zone) mails may go out in; null: any hour. */
export const BusinessHours = z
  .object({ from: z.number().int().min(0).max(23), to: z.number().int().min(1).max(24) })
  .refine((h) => h.to > h.from, { message: PHISHING_MESSAGES.businessHours, path: ['to'] });
export type BusinessHours = z.infer<typeof BusinessHours>;

/**
 * The send window: from `start`, spread over `days` days; only within business hours (when given) and
 * on weekdays (when `weekdaysOnly`), both read in `timeZone` (the company's by default).
 */
export const SendWindow = z.object({
  start: z.iso.datetime({ offset: true }),
  days: z.number().int().min(1).max(PHISHING_LIMITS.windowDaysMax),
  businessHours: BusinessHours.nullable().default({ from: 9, to: 17 }),
  weekdaysOnly: z.boolean().default(true),
  timeZone: timeZoneName,
});
export type SendWindow = z.input<typeof SendWindow>;
export type SendWindowParsed = z.output<typeof SendWindow>;

/** The phishing save payload; `status` says whether it is saved as a draft or started. */
export const PhishingSave = z.object({
  name: campaignName(UNTITLED_PHISHING, PHISHING_LIMITS.nameMax),
  status: z.enum(['draft', 'scheduled']),
  templateMode: z.enum(PHISHING_TEMPLATE_MODES),
  /** The templates; for `random` the pool to draw from (empty: the whole library). */
  templateIds: z.array(templateRef).max(PHISHING_LIMITS.templatesMax),
  userLists: z.array(z.uuid()).max(PHISHING_LIMITS.listsMax),
  sendWindow: SendWindow,
  /** The landing page a click opens; null: each template's own. */
  landingPageId: z.string().trim().min(1).max(100).nullable().default(null),
  /** The sender domain and names; null: the company's first sender profile, else our own domain. */
  senderProfileId: z.uuid().nullable().default(null),
  onClick: z.enum(PHISHING_ON_CLICK).default('teachable-moment'),
  /** The training program an `enrol` click adds the employee to. */
  enrolProgramId: z.uuid().nullable().default(null),
  recurrence: z.enum(PHISHING_RECURRENCES).default('none'),
  trackingDays: z
    .number()
    .int()
    .min(1)
    .max(PHISHING_LIMITS.trackingDaysMax)
    .default(PHISHING_LIMITS.trackingDaysDefault),
});
export type PhishingSave = z.input<typeof PhishingSave>;
export type PhishingSaveParsed = z.output<typeof PhishingSave>;

export const PhishingSaveResponse = z.object({
  success: z.literal(true),
  phishing: z.object({ id: z.string(), status: z.enum(PHISHING_STATUSES) }),
  message: z.string().optional(),
});

/** The answer of delete, pause, stop and a test send. */
export const PhishingDone = z.object({ success: z.literal(true), message: z.string() });

/** What the server derives from a simulation's state. */
export type PhishingPermissions = CampaignPermissionSet;

/**
 * A simulation sends over days, so unlike the other kinds a running one may be paused (its unsent
 * mails wait until it is started again) or stopped (its unsent mails are never sent). It has no
 * reminders: a second lure is a new simulation.
 */
export const phishingPermissions = campaignPermissions<{ status: PhishingStatus }>({
  canEdit: (p) => p.status !== 'completed',
  canCopy: () => true,
  canStop: (p) => p.status === 'scheduled' || p.status === 'active',
  canPause: (p) => p.status === 'scheduled' || p.status === 'active',
  canRemind: () => false,
  canDelete: (p) => p.status === 'draft' || p.status === 'scheduled',
});

// ── The send window: pure rules the wizard previews and the server applies ──

/** The local wall-clock parts of `date` in `timeZone`. */
function zonedParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    weekday: get('weekday'),
  };
}

/** The instant a local wall-clock time in `timeZone` stands for (the later one across a DST gap). */
function zonedInstant(timeZone: string, y: number, mo: number, d: number, h: number, mi = 0): Date {
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(at), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    at += guess - shown;
  }
  return new Date(at);
}

/** A stretch of time mails may go out in. */
export interface SendSlot {
  from: Date;
  to: Date;
}

/**
 * The stretches of the window mails may go out in, in order: each day of the window, cut to the
 * business hours and without weekends when asked, and never before the window's start.
 */
export function sendSlots(window: SendWindowParsed): SendSlot[] {
  const start = new Date(window.start);
  const first = zonedParts(start, window.timeZone);
  const slots: SendSlot[] = [];
  for (let i = 0; i < window.days; i++) {
    const day = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    const [y, mo, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const noon = zonedParts(zonedInstant(window.timeZone, y, mo, d, 12), window.timeZone);
    if (window.weekdaysOnly && (noon.weekday === 'Sat' || noon.weekday === 'Sun')) continue;
    const hours = window.businessHours ?? { from: 0, to: 24 };
    let from = zonedInstant(window.timeZone, y, mo, d, hours.from);
    const to =
      hours.to === 24
        ? zonedInstant(window.timeZone, day.getUTCFullYear(), mo, d + 1, 0)
        : zonedInstant(window.timeZone, y, mo, d, hours.to);
    if (from < start) from = start;
    if (to > from) slots.push({ from, to });
  }
  return slots;
}

/** When the window's last mail may go out (its start when the window has no slot at all). */
export function sendWindowEnd(window: SendWindowParsed): Date {
  const slots = sendSlots(window);
  return slots.at(-1)?.to ?? new Date(window.start);
}

/** FNV-1a of a string, as an unsigned 32-bit number: the seed of an employee's place and template. */
export function phishingHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * When an employee's mail goes out: a point of the window's slots chosen by a hash of the campaign
 * and the employee, so the same employee keeps their time when the campaign is paused and started
 * again, and colleagues of one list are spread over every day of the window.
 */
export function sendTimeFor(slots: readonly SendSlot[], campaignId: string, employeeId: string): Date {
  const total = slots.reduce((sum, s) => sum + (s.to.getTime() - s.from.getTime()), 0);
  if (slots.length === 0 || total <= 0) return slots[0]?.from ?? new Date(0);
  let offset = Math.floor((phishingHash(`${campaignId}:${employeeId}:time`) / 2 ** 32) * total);
  for (const slot of slots) {
    const length = slot.to.getTime() - slot.from.getTime();
    if (offset < length) return new Date(slot.from.getTime() + offset);
    offset -= length;
  }
  return slots.at(-1)!.from;
}

/**
 * The template an employee gets: with `selected` templates the employees take them in turn (by a
 * hash, so it holds across restarts); with `random` a hash of the campaign and the employee picks
 * from the pool, so colleagues get different mails and cannot warn each other about "the" one.
 */
export function templateFor(
  mode: PhishingTemplateMode,
  pool: readonly string[],
  campaignId: string,
  employeeId: string,
): string | null {
  if (pool.length === 0) return null;
  const salt = mode === 'random' ? 'mix' : 'turn';
  return pool[phishingHash(`${campaignId}:${employeeId}:${salt}`) % pool.length]!;
}

// ── Answers ──

/** The list page's and detail's figures: people, not events; clicks exclude scanner activity. */
export const PhishingFigures = {
  recipients: z.number(),
  sent: z.number(),
  clicked: z.number(),
  submitted: z.number(),
  reported: z.number(),
  /** Requests recorded as mail scanners and link previews: not clicks. */
  scannerEvents: z.number(),
  /** Employees who clicked or submitted ÷ employees who received a mail, percent; null before any. */
  phishPronePercent: z.number().nullable(),
};

export const PhishingRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PHISHING_STATUSES),
  statusInfo: StatusInfo,
  isScorm: z.literal(false),
  templateMode: z.enum(PHISHING_TEMPLATE_MODES),
  templatesCount: z.number(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  recurrence: z.enum(PHISHING_RECURRENCES),
  created: z.string(),
  last_updated: z.string(),
  ...PhishingFigures,
  ...CampaignPermissions,
});
export type PhishingRow = z.infer<typeof PhishingRow>;

export const PhishingListResponse = campaignListResponse(PhishingRow);
export type PhishingListResponse = z.infer<typeof PhishingListResponse>;
export const PhishingLatest = z.array(PhishingRow.pick(LATEST_FIELDS));

export const PHISHING_SORTS = ['name', 'created', 'updated', 'windowStart', 'phishProne'] as const;
export const PhishingListQuery = z.object({
  tab: z.enum(['all', 'active', 'completed', 'draft']).default('all'),
  q: z.string().trim().max(200).optional(),
  listId: z.uuid().optional(),
  order: z.enum(PHISHING_SORTS).default('updated'),
  d: z.enum(['asc', 'desc']).default('desc'),
  ...pageQuery(PHISHING_LIMITS.pageSize),
});
export type PhishingListQuery = z.input<typeof PhishingListQuery>;

/** A template as the wizard and the library page list it (library or custom). */
export const PhishingTemplateSummary = z.object({
  /** A library id, or `custom:<uuid>`. */
  id: z.string(),
  source: z.enum(['library', 'custom']),
  name: z.string(),
  lureKind: z.string(),
  difficulty: z.number(),
  threatArea: z.string(),
  languages: z.array(z.string()),
  subject: z.string(),
  senderName: z.string(),
  landingPageId: z.string(),
  redFlagsCount: z.number(),
});
export type PhishingTemplateSummary = z.infer<typeof PhishingTemplateSummary>;

export const PhishingTemplatesQuery = z.object({
  lureKind: PhishingLure.optional(),
  difficulty: z.coerce.number().int().min(1).max(3).optional(),
  /** The language to show names and subjects in where a template has it (default en); it filters nothing. */
  language: z.string().max(10).optional(),
  q: z.string().trim().max(200).optional(),
});

/** A rendered preview of one template in one language, with sample personalisation. */
export const PhishingTemplatePreview = z.object({
  id: z.string(),
  language: z.string(),
  fromName: z.string(),
  fromAddress: z.string(),
  subject: z.string(),
  /** Sanitised HTML; the link points nowhere (#). */
  html: z.string(),
  redFlags: z.array(
    z.object({ id: z.string(), title: z.string(), explanation: z.string(), location: z.string() }),
  ),
});
export type PhishingTemplatePreview = z.infer<typeof PhishingTemplatePreview>;

/** A template the company writes itself: one language, HTML from the editor (sanitised on save). */
export const PhishingCustomTemplateSave = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(PHISHING_LIMITS.nameMax)
    .refine(hasNoControlCharacters, MESSAGES.controlCharacters),
  language: z.string().trim().min(2).max(10),
  lureKind: PhishingLure,
  difficulty: z.number().int().min(1).max(3),
  senderName: z.string().trim().min(1).max(PHISHING_LIMITS.senderNameMax),
  /** The part before the @; the domain comes from the sender profile. */
  senderLocalPart: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._+-]+$/),
  subject: z.string().trim().min(1).max(PHISHING_LIMITS.subjectMax),
  html: z.string().min(1).max(PHISHING_LIMITS.customHtmlMax),
  landingPageId: z.string().trim().min(1).max(100),
  /** Red flags; each sits in the HTML as an element with data-flag="<id>" (or names sender/subject). */
  redFlags: z
    .array(
      z.object({
        id: z
          .string()
          .trim()
          .min(1)
          .max(50)
          .regex(/^[a-z0-9-]+$/),
        title: z.string().trim().min(1).max(150),
        explanation: z.string().trim().min(1).max(1000),
        location: PhishingFlagLocation,
      }),
    )
    .max(PHISHING_LIMITS.redFlagsMax)
    .default([]),
});
export type PhishingCustomTemplateSave = z.input<typeof PhishingCustomTemplateSave>;

export const PhishingCustomTemplate = PhishingCustomTemplateSave.extend({
  id: z.string(),
  ref: z.string(),
  created: z.string(),
  last_updated: z.string(),
});
export type PhishingCustomTemplate = z.infer<typeof PhishingCustomTemplate>;

/** A host name the company sends its simulations from (it registers it and points its MX/SPF at us). */
const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    PHISHING_MESSAGES.senderDomain,
  );

export const PhishingSenderProfileSave = z.object({
  name: z.string().trim().min(1).max(100).refine(hasNoControlCharacters, MESSAGES.controlCharacters),
  domain: domainName,
  /** Replaces every template's sender display name; null: each template's own. */
  displayName: z.string().trim().min(1).max(PHISHING_LIMITS.senderNameMax).nullable().default(null),
});
export type PhishingSenderProfileSave = z.input<typeof PhishingSenderProfileSave>;
export const PhishingSenderProfile = PhishingSenderProfileSave.extend({
  id: z.string(),
  created: z.string(),
});
export type PhishingSenderProfile = z.infer<typeof PhishingSenderProfile>;

/** POST …/phishing/test-send: one template to one address, marked as a test (not tracked). */
export const PhishingTestSend = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  templateId: templateRef,
  language: z.string().trim().min(2).max(10).default('en'),
  senderProfileId: z.uuid().nullable().default(null),
});
export type PhishingTestSend = z.input<typeof PhishingTestSend>;

export const PhishingView = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PHISHING_STATUSES),
  statusInfo: StatusInfo,
  isScorm: z.literal(false),
  templateMode: z.enum(PHISHING_TEMPLATE_MODES),
  templateIds: z.array(z.string()),
  templates: z.array(PhishingTemplateSummary),
  sendWindow: z.object({
    start: z.string(),
    days: z.number(),
    businessHours: z.object({ from: z.number(), to: z.number() }).nullable(),
    weekdaysOnly: z.boolean(),
    timeZone: z.string(),
  }),
  windowEnd: z.string().nullable(),
  landingPageId: z.string().nullable(),
  senderProfileId: z.string().nullable(),
  onClick: z.enum(PHISHING_ON_CLICK),
  enrolProgramId: z.string().nullable(),
  enrolProgramName: z.string().nullable(),
  recurrence: z.enum(PHISHING_RECURRENCES),
  /** The simulation this one repeats, when it was started by a recurrence. */
  recurrenceOf: z.string().nullable(),
  trackingDays: z.number(),
  ...CampaignAudienceView,
  hasStarted: z.boolean(),
  anonymousTracking: z.boolean(),
  created: z.string(),
  last_updated: z.string(),
  ...PhishingFigures,
  ...CampaignPermissions,
});
export type PhishingView = z.infer<typeof PhishingView>;

// ── Results ──

/** Rates of a group of recipients: people who clicked, submitted, reported ÷ people who received. */
export const PhishingRates = z.object({
  recipients: z.number(),
  clicked: z.number(),
  submitted: z.number(),
  reported: z.number(),
  phishPronePercent: z.number().nullable(),
  clickRate: z.number().nullable(),
  submitRate: z.number().nullable(),
  reportRate: z.number().nullable(),
});
export type PhishingRates = z.infer<typeof PhishingRates>;

export const PhishingBreakdownRow = PhishingRates.extend({ key: z.string(), label: z.string() });
export type PhishingBreakdownRow = z.infer<typeof PhishingBreakdownRow>;

/** One day of the over-time chart (in the window's time zone). */
export const PhishingDay = z.object({
  date: z.string(),
  sent: z.number(),
  opened: z.number(),
  clicked: z.number(),
  submitted: z.number(),
  reported: z.number(),
  scanner: z.number(),
});

/** GET …/phishing/{id}/results */
export const PhishingResults = z.object({
  totals: PhishingRates.extend({
    sent: z.number(),
    delivered: z.number(),
    /** Employees whose open pixel loaded: unreliable (images blocked or fetched by a proxy). */
    opened: z.number(),
    /** Scanner and link-preview requests, never counted as clicks. */
    scannerEvents: z.number(),
    /** Mails whose links were requested only by scanners. */
    scannedOnly: z.number(),
  }),
  /** Seconds from the first mail out to the first report; null before any report. */
  timeToFirstReportSeconds: z.number().nullable(),
  /** Median seconds from an employee's mail to their report. */
  medianTimeToReportSeconds: z.number().nullable(),
  byList: z.array(PhishingBreakdownRow),
  byDepartment: z.array(PhishingBreakdownRow),
  byTemplate: z.array(PhishingBreakdownRow),
  byDifficulty: z.array(PhishingBreakdownRow),
  overTime: z.array(PhishingDay),
  /** Employees of this simulation who clicked in an earlier one too (hidden: [] under anonymity). */
  repeatClickers: z.array(
    z.object({ employeeId: z.string(), name: z.string(), email: z.string(), clicks: z.number() }),
  ),
  anonymousTracking: z.boolean(),
});
export type PhishingResults = z.infer<typeof PhishingResults>;

export const PHISHING_EMPLOYEE_OUTCOMES = [
  'all',
  'notSent',
  'sent',
  'opened',
  'clicked',
  'submitted',
  'reported',
  'scannedOnly',
] as const;

/** GET …/phishing/{id}/employees — the per-employee table (also employees.csv with ?csv=1). */
export const PhishingEmployeesQuery = z.object({
  q: z.string().trim().max(200).optional(),
  listId: z.uuid().optional(),
  outcome: z.enum(PHISHING_EMPLOYEE_OUTCOMES).default('all'),
  order: z.enum(['name', 'email', 'sent', 'clicked', 'reported']).default('name'),
  d: z.enum(['asc', 'desc']).default('asc'),
  ...pageQuery(PHISHING_LIMITS.pageSize),
});
export type PhishingEmployeesQuery = z.input<typeof PhishingEmployeesQuery>;

export const PhishingEmployeeRow = z.object({
  /** The employee's id (a stable pseudonym under anonymous tracking, where name and email are ''). */
  employeeId: z.string(),
  name: z.string(),
  email: z.string(),
  listName: z.string(),
  department: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  difficulty: z.number(),
  deliveryStatus: z.string(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reportedAt: z.string().nullable(),
  scannerEvents: z.number(),
});
export type PhishingEmployeeRow = z.infer<typeof PhishingEmployeeRow>;
export const PhishingEmployeesPage = z.object({ rows: z.array(PhishingEmployeeRow), total: z.number() });
export type PhishingEmployeesPage = z.infer<typeof PhishingEmployeesPage>;

/** GET …/phishing/{id}/employees/{employeeId}/timeline (refused under anonymous tracking). */
export const PhishingTimeline = z.object({
  employeeId: z.string(),
  name: z.string(),
  email: z.string(),
  templateName: z.string(),
  events: z.array(
    z.object({
      /** scheduled, sent, bounced, or a tracking interaction: delivered, opened, clicked, … scanner. */
      type: z.string(),
      at: z.string(),
      /** Why a scanner row is one (phishing-tracking's rule code). */
      reason: z.string().nullable(),
      unreliable: z.boolean(),
    }),
  ),
});
export type PhishingTimeline = z.infer<typeof PhishingTimeline>;

/** The dashboard's and the employee record's phishing figures (simulations of the last 12 months). */
export const PhishingSummary = z.object({
  simulations: z.number(),
  recipients: z.number(),
  phishPronePercent: z.number().nullable(),
  reportRate: z.number().nullable(),
  /** Per month (YYYY-MM), oldest first. */
  months: z.array(z.object({ month: z.string(), phishPronePercent: z.number().nullable() })),
});
export type PhishingSummary = z.infer<typeof PhishingSummary>;

/** GET …/phishing/employees/{employeeId}: an employee's simulations, newest first (refused under anonymity). */
export const EmployeePhishingRecord = z.object({
  simulations: z.number(),
  /** Simulations whose open pixel the employee's mail loaded: unreliable. */
  opened: z.number(),
  clicked: z.number(),
  submitted: z.number(),
  reported: z.number(),
  rows: z.array(
    z.object({
      campaignId: z.string(),
      name: z.string(),
      sentAt: z.string().nullable(),
      /** The first time of each; null when it did not happen. */
      openedAt: z.string().nullable(),
      clickedAt: z.string().nullable(),
      submittedAt: z.string().nullable(),
      reportedAt: z.string().nullable(),
      /** How far the employee went: reported, else submitted, else clicked, else sent. */
      outcome: z.enum(['notSent', 'sent', 'clicked', 'submitted', 'reported']),
    }),
  ),
});
export type EmployeePhishingRecord = z.infer<typeof EmployeePhishingRecord>;

/** A share in percent with one decimal; null when nobody is counted. */
export const phishingRate = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
