import { z } from 'zod';
import { LearnerProgress } from './learner.ts';
import { TRAINING_LIMITS, TrainingLessonRow, TrainingListRow } from './trainings.ts';

/**
 * What happens after a program starts: delivery status, resend, reminders from the detail page,
 * per-employee details and reports. Routes under `/api/companies/{id}/automations/{trainingId}`.
 */

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'bounced', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Reminder modes (spec 2 §4): 1 low-performing employees, 2 all not finished, 3 all employees. */
export const REMINDER_MODES = { lowPerforming: 1, notFinished: 2, all: 3 } as const;
export type ReminderMode = 1 | 2 | 3;
/** Below this score percent, an employee who has started counts as low-performing. */
export const LOW_PERFORMING_PERCENT = 50;
/**
 * A program ends this many days after its last delivery (spec 2 §9: "the last delivery plus 7 days"):
 * employees have that week to finish, and managers can still remind them.
 */
export const TRAINING_END_DAYS = 7;

/**
 * Who a reminder goes to: the mode, then either the employees picked on the current page (`emails`)
 * or every employee matching (`all`) except the ones deselected (`excluded`), optionally within lists.
 */
export const ReminderSelection = z.object({
  reminderOption: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
  all: z.boolean().default(true),
  emails: z.array(z.email()).max(1000).default([]),
  excluded: z.array(z.email()).max(1000).default([]),
  userLists: z.array(z.uuid()).max(TRAINING_LIMITS.listsMax).default([]),
});
export type ReminderSelection = z.input<typeof ReminderSelection>;

export const ReminderSend = ReminderSelection.extend({
  /** The manager confirmed sending again within 24 hours of the last reminder. */
  repeat: z.boolean().default(false),
});
export type ReminderSend = z.input<typeof ReminderSend>;

export const ReminderCount = z.object({
  remindersCount: z.number(),
  lastReminders: z.array(z.object({ date: z.string(), sendTo: z.number() })),
});
export type ReminderCount = z.infer<typeof ReminderCount>;

export const ReminderSendResponse = z.object({
  success: z.boolean(),
  reason: z.string().optional(),
  sent: z.number(),
});
export type ReminderSendResponse = z.infer<typeof ReminderSendResponse>;

/** One delivery (batch, reminder or a manual reminder) with its per-status counts. */
export const DeliveryEventRow = z.object({
  id: z.string(),
  /** 1 schedule, 2 reminder. */
  type: z.number(),
  manual: z.boolean(),
  date: z.string(),
  status: z.string(),
  subjects: z.array(z.string()),
  counts: z.object({
    pending: z.number(),
    sent: z.number(),
    bounced: z.number(),
    failed: z.number(),
  }),
});
export type DeliveryEventRow = z.infer<typeof DeliveryEventRow>;

export const DeliveryUsersQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  p: z.coerce.number().int().min(1).max(100_000).default(1),
  n: z.coerce.number().int().min(1).max(100).default(TRAINING_LIMITS.pageSize),
});
export type DeliveryUsersQuery = z.input<typeof DeliveryUsersQuery>;

export const DeliveryUserRow = z.object({
  email: z.string(),
  name: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  sentAt: z.string().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
  /** The channel's bit (email 1, Slack 2, Teams 4): one row per channel the program uses. */
  channel: z.number(),
});
export type DeliveryUserRow = z.infer<typeof DeliveryUserRow>;
export const DeliveryUsersPage = z.object({ rows: z.array(DeliveryUserRow), total: z.number() });

export const ResendInput = z.object({ email: z.email() });

/** GET …/users/{email}: one employee in one program. */
export const TrainingUserDetail = z.object({
  email: z.string(),
  name: z.string(),
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
  started: z.boolean(),
  /** Lessons finished and delivered; scorePercent is their completion (FIGURES.completion). */
  score: z.number(),
  total: z.number(),
  scorePercent: z.number().nullable(),
  /** Quiz questions answered and answered correctly; quizScore is their FIGURES.quizScore. */
  answered: z.number(),
  correct: z.number(),
  quizScore: z.number().nullable(),
  completedDate: z.string().nullable(),
  reminderTransport: z.number(),
  /** Each lesson delivered, with the employee's progress in it. */
  subjects: z.array(
    LearnerProgress.omit({ finishedAt: true }).extend({
      id: z.string(),
      title: z.string(),
      eventId: z.string(),
      deliveredAt: z.string().nullable(),
    }),
  ),
  /** What was sent to the employee and what became of it. */
  log: z.array(
    z.object({
      created: z.string(),
      actions: z.string(),
      message: z.string(),
      delivery_status: z.enum(DELIVERY_STATUSES),
      eventId: z.string(),
      /** The mail as sent; listed for super-admins only. */
      mailId: z.string().nullable(),
    }),
  ),
});
export type TrainingUserDetail = z.infer<typeof TrainingUserDetail>;

export const MailDetail = z.object({
  subject: z.string(),
  html: z.string(),
  to: z.string(),
  created: z.string(),
});
export type MailDetail = z.infer<typeof MailDetail>;

export const SigninLinkResponse = z.object({ link: z.string() });

/** Report variants; PDFs hold at most this many employee rows. */
export const REPORT_LIMITS = { pdfRows: 1000, pageRows: 50 } as const;

/**
 * The training report (pages /{companyId}/training-report/{id} and …/training-users-report/{id},
 * the PDF and the CSVs): the program's figures, lessons, lists and a page of employees.
 */
export const TrainingReportQuery = z.object({
  p: z.coerce.number().int().min(1).max(100_000).default(1),
  n: z.coerce.number().int().min(1).max(REPORT_LIMITS.pageRows).default(REPORT_LIMITS.pageRows),
  details: z.coerce.boolean().default(false),
});

export const TrainingReportUser = z.object({
  email: z.string(),
  name: z.string(),
  lists_names: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Lessons finished and delivered (FIGURES.completion). */
  score: z.number(),
  total: z.number(),
  /** Quiz questions answered and answered correctly (FIGURES.quizScore). */
  answered: z.number(),
  correct: z.number(),
  opened: z.boolean(),
  completedDate: z.string().nullable(),
  /** With details: the subjects the employee viewed (watched) and answered (every question). */
  viewed_subject_ids: z.array(z.string()).optional(),
  answered_subject_ids: z.array(z.string()).optional(),
});
export type TrainingReportUser = z.infer<typeof TrainingReportUser>;

/**
 * The training report's actions (spec 3 §2.3), for admins only: copying an employee's sign-in link when
 * tracking is not anonymous, and deleting employees when in addition no single sign-on is in use (its
 * directory would bring them back).
 */
export function trainingReportActions(c: { isAdmin: boolean; anonymous: boolean; sso: boolean }) {
  const canCopyLink = c.isAdmin && !c.anonymous;
  return { canCopyLink, canDeleteUsers: canCopyLink && !c.sso };
}

/** POST …/automations/{trainingId}/users/delete: employees of the program to delete from the company. */
export const DeleteTrainingUsersRequest = z.object({
  emails: z.array(z.email().max(100)).min(1).max(REPORT_LIMITS.pdfRows),
});
export type DeleteTrainingUsersRequest = z.infer<typeof DeleteTrainingUsersRequest>;
export const DeleteTrainingUsersResponse = z.object({ deleted: z.number(), message: z.string() });

/** GET …/automations/{trainingId}/report?p&n&details: the data of the training report pages. */
export const TrainingReport = z.object({
  training: z.object({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    firstBatch: z.string().nullable(),
    lastBatch: z.string().nullable(),
    invited: z.number(),
    bounced: z.number(),
    opened: z.number(),
    score: z.number(),
    total: z.number(),
    answered: z.number(),
    correct: z.number(),
    attendance: z.number().nullable(),
    completionRate: z.number().nullable(),
    quizScore: z.number().nullable(),
  }),
  lessons: z.array(TrainingLessonRow.omit({ date: true })),
  lists: z.array(TrainingListRow),
  /** Null under anonymous tracking. */
  users: z.array(TrainingReportUser).nullable(),
  usersTotal: z.number(),
  /** What this manager may do from the report (see trainingReportActions). */
  canCopyLink: z.boolean(),
  canDeleteUsers: z.boolean(),
});
export type TrainingReport = z.infer<typeof TrainingReport>;
