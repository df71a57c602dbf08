import { z } from 'zod';
import { CAMPAIGN_STATUSES, StatusInfo } from './campaigns.ts';
import { isTimeZone } from './time-zones.ts';

/**
 * The dashboard's contract (spec 1 §2 Dashboard, §3 Dashboard data, rows, Calendar event, Latest
 * subject; §9 limits): what the server answers and what the manager app shows.
 */
export const DASHBOARD_LIMITS = {
  /** Rows in each performance table and items in the dashboard lists. */
  items: 3,
  /** Blog posts per page. */
  blogPerPage: 3,
  /** Event names in the calendar are cut at this many characters; table names at the next. */
  eventName: 28,
  tableName: 35,
  /** Highest the selected day's list grows before it scrolls (px). */
  calendarListHeight: 304,
  /** Latest subjects shown in their panel. */
  latestSubjects: 4,
  /** Width from which the dashboard lays out for a desktop (px). */
  desktop: 1200,
} as const;

const CountWithUsers = z.object({
  /** How many trainings (or assessments) are in this state. */
  value: z.number(),
  /** Distinct employees they reach. */
  users: z.number(),
});
const StateCounts = z.object({ active: CountWithUsers, completed: CountWithUsers });

/** GET /companies/{id}/statistics/status — the two dashboard cards and the seat figures for banners. */
export const CompanyStatistics = z.object({
  trainings: StateCounts,
  assessments: StateCounts,
  employees: z.object({
    /** Distinct employees in the company's lists. */
    total: z.number(),
    /** Seats of the company's package; null when it has none or no limit. */
    seats: z.number().nullable(),
  }),
});
export type CompanyStatistics = z.infer<typeof CompanyStatistics>;

/** GET /companies/{id}/dashboard/trainings — spec 1 §3 Training row (dashboard). */
export const DashboardTrainingRow = z.object({
  id: z.string(),
  name: z.string(),
  /** A program's statuses are the campaign core's (TRAINING_STATUSES); imported from there, the
   * dashboard's schemas do not bring every training schema with them. */
  status: z.enum(CAMPAIGN_STATUSES),
  statusInfo: StatusInfo,
  /** Percent of reached employees who opened a delivery; null before anything is sent. */
  attendance: z.number().nullable(),
  /** Percent of quiz answers correct (score / total); null before any answer. */
  awarenessScore: z.number().nullable(),
  isScorm: z.boolean(),
  _rawData: z.object({ subjectsSent: z.number(), totalSubjects: z.number(), totalUsers: z.number() }),
});
export type DashboardTrainingRow = z.infer<typeof DashboardTrainingRow>;

/** GET /companies/{id}/dashboard/assessments — spec 1 §3 Assessment row (dashboard). */
export const DashboardAssessmentRow = z.object({
  id: z.string(),
  name: z.string(),
  /** Where the manager app shows it: its detail page, /assessment/{id}/view/. */
  link: z.string(),
  /** An assessment's statuses are the campaign core's too (ASSESSMENT_STATUSES). */
  status: z.enum(CAMPAIGN_STATUSES),
  statusInfo: StatusInfo,
  /** Percent of invited employees who finished; null before anyone is invited. */
  attendance: z.number().nullable(),
  /** Mean score of the finished employees (0–100); null when nobody finished. */
  resilienceScore: z.number().nullable(),
  _rawData: z.object({ totalEmployees: z.number(), usersFinished: z.number(), started: z.number() }),
});
export type DashboardAssessmentRow = z.infer<typeof DashboardAssessmentRow>;

export const DashboardRowsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10).default(DASHBOARD_LIMITS.items),
});
export const DashboardTrainings = z.object({ rows: z.array(DashboardTrainingRow) });
export const DashboardAssessments = z.object({ rows: z.array(DashboardAssessmentRow) });

export const CALENDAR_EVENT_TYPES = ['training', 'assessment'] as const;
/** What happens on the day: a batch of subjects or an invitation, a reminder, or a due date. */
export const CALENDAR_EVENT_KINDS = ['delivery', 'reminder', 'due'] as const;

/** GET /companies/{id}/events?m=YYYY-MM[&tz=Area/City] — spec 1 §3 Calendar event. */
export const CalendarQuery = z.object({
  m: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be written YYYY-MM.'),
  /** The viewer's IANA time zone: the month and the days are cut in it. UTC when absent. */
  tz: z.string().max(64).refine(isTimeZone, 'Unknown time zone.').optional(),
});
export type CalendarQuery = z.input<typeof CalendarQuery>;

export const CalendarEvent = z.object({
  /** Unique per entry (a batch, an invitation, a reminder, a due date). */
  id: z.string(),
  /** ISO date-time of the entry. */
  date: z.string(),
  /** The training's or assessment's name. */
  name: z.string(),
  type: z.enum(CALENDAR_EVENT_TYPES),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  /** The training's or assessment's id (the manager app links to it). */
  eventId: z.string(),
  /** The training's or assessment's status. */
  status: z.string(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;
export const CalendarEvents = z.array(CalendarEvent);

/** GET /companies/{id}/subjects/latest — spec 1 §3 Latest subject. */
export const LatestSubject = z.object({
  subject_id: z.string(),
  title: z.string(),
  /** URL of the thumbnail image. */
  thumb: z.string(),
  /** Seconds. */
  duration: z.number(),
  description: z.string(),
});
export type LatestSubject = z.infer<typeof LatestSubject>;
export const LatestSubjects = z.array(LatestSubject);

/** GET /blog/posts?page=N — the provider's posts, shipped with the product (no network needed). */
export const BlogPost = z.object({
  id: z.string(),
  title: z.string(),
  /** ISO date. */
  date: z.string(),
  summary: z.string(),
  /** Sanitized HTML of the post. */
  html: z.string(),
  /** Embedded media: a video or image served by this server. */
  media: z
    .object({ type: z.enum(['video', 'image']), url: z.string(), poster: z.string().optional() })
    .nullable(),
});
export type BlogPost = z.infer<typeof BlogPost>;
export const BlogQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });
export const BlogPage = z.object({
  posts: z.array(BlogPost),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type BlogPage = z.infer<typeof BlogPage>;

/** GET /companies/{companyId}/overview/report?token=…[&csv=1] — the 'General overview' report. */
export const OverviewReportQuery = z.object({
  token: z.string().optional(),
  csv: z.enum(['0', '1']).optional(),
});

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `at` (ms). */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant at which `timeZone`'s clock shows the wall time `wall` (given as UTC fields). */
function instantOfWallTime(wall: number, timeZone: string): number {
  const guess = wall - zoneOffset(wall, timeZone);
  // The offset at the guess may differ (a daylight-saving change in between): correct once more.
  return wall - zoneOffset(guess, timeZone);
}

/**
 * The calendar month `m` (YYYY-MM) as it runs in `timeZone`: from its first midnight (inclusive) to
 * the next month's (exclusive), as instants.
 */
export function calendarMonthBounds(m: string, timeZone = 'UTC'): { from: Date; to: Date } {
  const [year, month] = m.split('-').map(Number) as [number, number];
  return {
    from: new Date(instantOfWallTime(Date.UTC(year, month - 1, 1), timeZone)),
    to: new Date(instantOfWallTime(Date.UTC(year, month, 1), timeZone)),
  };
}
