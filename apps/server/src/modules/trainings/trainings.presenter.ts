import {
  completionPercent,
  localize,
  percentOf,
  quizScorePercent,
  TRAINING_STATUS_INFO,
  trainingPermissions,
  type LocalizedText,
  type TrainingRow,
  type TrainingView,
} from '@vigil/shared';
import { toIso } from '../../db/client.ts';
import type { eventsOf, listsOfTraining, trainingById } from './trainings.queries.ts';

export interface SubjectInfo {
  id: string;
  type: number;
  title: LocalizedText;
  duration: number;
  thumb: string | null;
  quizCount: number;
  disabled: boolean;
  lang: string;
}

type Record = NonNullable<Awaited<ReturnType<typeof trainingById>>>;
type RowRecord = Omit<Record, 'lastDelivery'>;

/**
 * Employees reached, employees who opened a subject (attendance), lessons finished of those delivered
 * (completion) and correct answers of those given (quiz score). Until a program has sent anything, or
 * until anyone answers, they are N/A.
 */
export function figuresOf(
  r: Pick<RowRecord, 'totalUsers' | 'opened' | 'score' | 'total' | 'bouncedEmails' | 'answered' | 'correct'>,
) {
  return {
    totalUsers: r.totalUsers,
    opened: r.opened,
    score: r.score,
    total: r.total,
    bouncedEmails: r.bouncedEmails,
    answered: r.answered,
    correct: r.correct,
    attendance: percentOf(r.opened, r.totalUsers),
    completionRate: completionPercent(r.score, r.total),
    quizScore: quizScorePercent(r.correct, r.answered),
  };
}

/** The derived permissions (spec 2 §4) of a program as the server sees it now. */
export function permissionsOf(r: RowRecord, admin: boolean) {
  return trainingPermissions({
    status: r.training.status,
    isScorm: r.training.isScorm,
    isAdmin: admin,
    eventsTotal: r.eventsTotal,
    eventsSent: r.eventsSent,
    score: r.score,
    total: r.total,
  });
}

const titleOf = (subjects: Map<string, SubjectInfo>, id: string) => {
  const s = subjects.get(id);
  return s ? localize(s.title, s.lang) : id;
};

export function presentRow(r: RowRecord, subjects: Map<string, SubjectInfo>, admin: boolean): TrainingRow {
  const t = r.training;
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    statusInfo: TRAINING_STATUS_INFO[t.status],
    isScorm: t.isScorm,
    subjectsNames: t.subjectIds.map((id) => titleOf(subjects, id)),
    selectedUserCount: r.selectedUserCount,
    firstBatch: toIso(r.firstBatch),
    lastBatch: toIso(r.lastBatch),
    updated: t.updatedAt.toISOString(),
    ...figuresOf(r),
    ...permissionsOf(r, admin),
  };
}

export function presentView(
  r: Record,
  more: {
    events: Awaited<ReturnType<typeof eventsOf>>;
    lists: Awaited<ReturnType<typeof listsOfTraining>>;
    subjects: Map<string, SubjectInfo>;
    admin: boolean;
    anonymous: boolean;
  },
): TrainingView {
  const t = r.training;
  const subjectRows = t.subjectIds.map((id) => {
    const s = more.subjects.get(id);
    return {
      id,
      title: titleOf(more.subjects, id),
      type: s?.type ?? 1,
      duration: s?.duration ?? 0,
      thumb: s?.thumb ?? null,
      disabled: s?.disabled ?? true,
    };
  });
  const unavailable = subjectRows.filter((s) => s.disabled).length;
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    statusInfo: TRAINING_STATUS_INFO[t.status],
    active: t.status === 'draft' ? 0 : 1,
    isScorm: t.isScorm,
    uniqueId: t.uniqueId,
    templateId: t.templateId,
    templateCustomized: t.templateCustomized,
    scheduleType: t.scheduleType === 1 ? 1 : t.scheduleType === 2 ? 2 : 0,
    date: toIso(t.startAt),
    frequency: t.frequency,
    subjectsPerInterval: t.subjectsPerInterval,
    channel: t.channel,
    reminders_enabled: t.remindersEnabled,
    reminders_channel: t.remindersChannel,
    reminders_steps: t.reminderSteps,
    introMessageEnabled: t.introEnabled,
    introductoryData: { message: t.introMessage },
    subjects: subjectRows,
    lists: more.lists,
    selectedUserListsIds: more.lists.map((l) => l.id),
    selectedUserCount: r.selectedUserCount,
    events: more.events.map((e) => ({
      id: e.id,
      type: e.type,
      date: e.sendAt.toISOString(),
      status: e.status,
      subjects: e.subjectIds,
      parentId: e.parentId,
    })),
    firstBatch: toIso(r.firstBatch),
    lastBatch: toIso(r.lastBatch),
    lastDelivery: toIso(r.lastDelivery),
    created: t.createdAt.toISOString(),
    updated: t.updatedAt.toISOString(),
    hasUnavailableSubjects: unavailable > 0,
    unavailableSubjects: unavailable,
    anonymousTracking: more.anonymous,
    ...figuresOf(r),
    ...permissionsOf(r, more.admin),
  };
}
