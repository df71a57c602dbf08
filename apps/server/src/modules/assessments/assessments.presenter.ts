import type { AssessmentReminderView } from '@vigil/shared';
import {
  ASSESSMENT_STATUS_CODES,
  ASSESSMENT_STATUS_INFO,
  assessmentPermissions,
  averageOf,
  localize,
  percentOf,
  roundScore,
  type AssessmentRow,
  type AssessmentView,
} from '@vigil/shared';
import type { z } from 'zod';
import { toIso } from '../../db/client.ts';
import type { AssessmentFiguresRow, questionsByIds, reminderEvents } from './assessments.queries.ts';

/** What the manager's screens show of a question: localized, with its area, marked when unavailable. */
export interface QuestionInfo {
  id: string;
  number: number;
  name: string;
  area: string;
  areaName: string;
  difficulty: number;
  duration: number;
  behaviours: { code: string; name: string; max: number }[];
  disabled: boolean;
}

export function questionInfo(
  row: Awaited<ReturnType<typeof questionsByIds>>[number],
  lang: string,
  available: boolean,
): QuestionInfo {
  const names = new Map(row.area.behaviours.map((b) => [b.code, localize(b.name, lang)]));
  const q = row.question;
  return {
    id: q.id,
    number: q.number,
    name: localize(q.name, lang),
    area: row.area.id,
    areaName: localize(row.area.name, lang),
    difficulty: q.difficulty,
    duration: q.duration,
    behaviours: q.behaviours.map((b) => ({ code: b.code, name: names.get(b.code) ?? b.code, max: b.max })),
    disabled: !available || q.retiredAt !== null || row.area.retiredAt !== null,
  };
}

/** The threat areas of the selected questions, each once, in question order. */
function areasOf(ids: string[], questions: Map<string, QuestionInfo>) {
  const areas = new Map<string, string>();
  for (const id of ids) {
    const q = questions.get(id);
    if (q && !areas.has(q.area)) areas.set(q.area, q.areaName);
  }
  return [...areas].map(([id, name]) => ({ id, name }));
}

function figuresOf(r: AssessmentFiguresRow) {
  return {
    usersTotal: r.usersTotal,
    usersStarted: r.usersStarted,
    usersFinished: r.usersFinished,
    bouncedEmails: r.bouncedEmails,
    completion: percentOf(r.usersFinished, r.usersTotal),
    attendance: percentOf(r.usersStarted, r.usersTotal),
    resilienceScore: r.scoreAverage === null ? null : roundScore(r.scoreAverage),
    lastCompleted: toIso(r.lastCompleted),
  };
}

const permissionsOf = (a: AssessmentFiguresRow['assessment'], admin: boolean) =>
  assessmentPermissions({ status: a.status, isScorm: a.isScorm, isAdmin: admin });

export function presentRow(
  r: AssessmentFiguresRow,
  questions: Map<string, QuestionInfo>,
  admin: boolean,
): AssessmentRow {
  const a = r.assessment;
  return {
    id: a.id,
    name: a.name,
    status: a.status,
    statusCode: ASSESSMENT_STATUS_CODES[a.status],
    statusInfo: ASSESSMENT_STATUS_INFO[a.status],
    isScorm: a.isScorm,
    scheduleType: a.scheduleType,
    deliveryDate: toIso(a.deliveryAt ?? a.startedAt),
    due: toIso(a.dueAt),
    created: a.createdAt.toISOString(),
    last_updated: a.updatedAt.toISOString(),
    areas: areasOf(a.questionIds, questions).map((x) => x.name),
    questionsCount: a.questionIds.length,
    selectedUserCount: r.selectedUserCount,
    ...figuresOf(r),
    ...permissionsOf(a, admin),
  };
}

export function presentReminder(
  e: Awaited<ReturnType<typeof reminderEvents>>[number],
): z.infer<typeof AssessmentReminderView> {
  const sent = e.status === 'sending' || e.status === 'sent';
  return {
    id: e.id,
    send: e.sendAt.toISOString(),
    status: sent ? 1 : 0,
    alreadySet: sent,
    sendTo: e.sendTo,
    manual: e.manual,
  };
}

export function presentView(
  r: AssessmentFiguresRow,
  x: {
    questions: Map<string, QuestionInfo>;
    lists: { id: string; name: string; usersCount: number }[];
    reminders: Awaited<ReturnType<typeof reminderEvents>>;
    areaAverages: { key: string; sum: number; count: number }[];
    admin: boolean;
    anonymous: boolean;
    accessLink: string | null;
  },
): z.input<typeof AssessmentView> {
  const a = r.assessment;
  const averages = new Map(x.areaAverages.map((s) => [s.key, averageOf(s.sum, s.count)]));
  const questions = a.questionIds.flatMap((id) => {
    const q = x.questions.get(id);
    return q ? [q] : [];
  });
  return {
    ...presentRow(r, x.questions, x.admin),
    active: a.status === 'active' ? 1 : 0,
    uniqueId: a.uniqueId,
    templateIds: a.templateIds,
    templateCustomized: a.templateCustomized,
    scheduleType: a.scheduleType as -1 | 0 | 1,
    channel: a.channel,
    reminders_enabled: a.remindersEnabled,
    reminders_channel: a.remindersChannel,
    reminders_steps: x.reminders.filter((e) => !e.manual).map(presentReminder),
    personalizeEnabled: a.personalizeEnabled,
    personalizeData: a.personalizeData,
    introMessage: a.introMessage,
    questions,
    areas: areasOf(a.questionIds, x.questions).map((area) => ({
      ...area,
      score: averages.get(area.id) ?? null,
    })),
    lists: x.lists,
    selectedUserListsIds: x.lists.map((l) => l.id),
    hasStarted: a.startedAt !== null,
    unavailableQuestions:
      questions.filter((q) => q.disabled).length + (a.questionIds.length - questions.length),
    accessLink: x.accessLink,
    anonymousTracking: x.anonymous,
  };
}
