import {
  ASSESSMENT_STATUS_INFO,
  averageOf,
  localize,
  percentOf,
  TRAINING_STATUS_INFO,
  type CalendarEvent,
  type CompanyStatistics,
  type DashboardAssessmentRow,
  type DashboardTrainingRow,
  type LatestSubject,
} from '@vigil/shared';
import { toIso } from '../../db/client.ts';
import { listedSeconds } from '../../lib/subject-duration.ts';
import type { AssessmentRecord } from '../assessments/assessments.service.ts';
import type { ParticipantCounts } from '../assessment-reports/assessment-reports.service.ts';
import type {
  CalendarRow,
  newestSubjects,
  ProgramCounts,
  topTrainings,
  TrainingFigures,
} from './dashboard.queries.ts';

export function presentStatistics(c: ProgramCounts, seats: number | null): CompanyStatistics {
  return {
    trainings: {
      active: { value: c.trainingsActive, users: c.trainingsActiveUsers },
      completed: { value: c.trainingsCompleted, users: c.trainingsCompletedUsers },
    },
    assessments: {
      active: { value: c.assessmentsActive, users: c.assessmentsActiveUsers },
      completed: { value: c.assessmentsCompleted, users: c.assessmentsCompletedUsers },
    },
    employees: { total: c.employees, seats },
  };
}

/**
 * A performance-table row: attendance as the trainings list gives it (employees who opened something
 * of those reached), the awareness score from the quiz's first answers (correct of answered).
 */
export function presentTrainingRow(
  t: Awaited<ReturnType<typeof topTrainings>>[number],
  f: TrainingFigures,
): DashboardTrainingRow {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    statusInfo: TRAINING_STATUS_INFO[t.status],
    attendance: percentOf(f.opened, f.totalUsers),
    awarenessScore: percentOf(f.correct, f.answered),
    isScorm: t.isScorm,
    _rawData: { subjectsSent: f.subjectsSent, totalSubjects: t.subjectIds.length, totalUsers: f.totalUsers },
  };
}

/** Attendance is finished of invited; the resilience score is the finished employees' mean, kept. */
export function presentAssessmentRow(
  a: AssessmentRecord,
  counts: Pick<ParticipantCounts, 'total' | 'started' | 'finished'>,
  resilience: { sum: number; count: number },
): DashboardAssessmentRow {
  return {
    id: a.id,
    name: a.name,
    link: `/assessment/${a.id}/view/`,
    status: a.status,
    statusInfo: ASSESSMENT_STATUS_INFO[a.status],
    attendance: percentOf(counts.finished, counts.total),
    resilienceScore: averageOf(resilience.sum, resilience.count),
    _rawData: { totalEmployees: counts.total, usersFinished: counts.finished, started: counts.started },
  };
}

export const presentCalendarEvent = (r: CalendarRow): CalendarEvent => ({
  id: r.id,
  date: toIso(r.date)!,
  name: r.name,
  type: r.type,
  kind: r.kind,
  eventId: r.eventId,
  status: r.status,
});

export function presentLatestSubject(
  s: Awaited<ReturnType<typeof newestSubjects>>[number],
  lang: string,
): LatestSubject {
  return {
    subject_id: s.id,
    title: localize(s.title, lang),
    thumb: s.thumb ?? '',
    duration: listedSeconds(s, lang),
    description: localize(s.description, lang),
  };
}
