import { type AssessmentDownload } from '../detail/report-rules.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AssessmentEmployeesPage,
  AssessmentOverview,
  AssessmentReminderCount,
  type AssessmentReminderRequest,
  AssessmentReminderView,
  QuestionReportRow,
  RecommendedTraining,
  ThreatAreaDetail,
  ThreatAreaRow,
  type AssessmentUsersQuery,
} from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { withQuery } from '../../../lib/with-query.ts';
import { assessmentKeys, assessmentPath } from './assessments-api.ts';

/** The report calls of docs/ASSESSMENTS-API.md "Reports", all under one assessment. */
const reportPath = (companyId: string, assessmentId: string, part: string) =>
  `${assessmentPath(companyId, assessmentId)}/${part}`;

/** Filters of the per-area and per-list reports; unset ones are left out of the query. */
export interface ReportFilter {
  threatArea?: string;
  listId?: string;
}

/** Who is reminded: the chosen lists (none: all of them) or single employees. */
export type ReminderRequest = z.input<typeof AssessmentReminderRequest>;

const ReminderSendAnswer = z.object({ success: z.boolean(), reason: z.string().optional() });
const SigninLink = z.object({ link: z.string() });

/** Keys under the assessment's own key, so refreshing the assessment refreshes its reports too. */
export const reportKeys = {
  all: (companyId: string, id: string) => [...assessmentKeys.one(companyId, id), 'reports'] as const,
  part: (companyId: string, id: string, part: string, filter: object = {}) =>
    [...reportKeys.all(companyId, id), part, filter] as const,
};

/** After reminders went out or an employee's state changed: figures, tables and counts again. */
export function refreshAssessmentReports(companyId: string, id: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: assessmentKeys.one(companyId, id) });
}

// ── Fetchers ──

export const fetchOverview = (companyId: string, id: string, signal?: AbortSignal) =>
  apiFetch(reportPath(companyId, id, 'overview'), AssessmentOverview, { signal });

export const fetchThreatAreas = (companyId: string, id: string, listId?: string, signal?: AbortSignal) =>
  apiFetch(withQuery(reportPath(companyId, id, 'threat-areas'), { listId }), z.array(ThreatAreaRow), {
    signal,
  });

export const fetchThreatAreaDetail = (
  companyId: string,
  id: string,
  areaId: string,
  listId?: string,
  signal?: AbortSignal,
) =>
  apiFetch(
    withQuery(reportPath(companyId, id, `threat-areas/${encodeURIComponent(areaId)}`), { listId }),
    ThreatAreaDetail,
    { signal },
  );

export const fetchQuestionsReport = (
  companyId: string,
  id: string,
  filter: ReportFilter,
  signal?: AbortSignal,
) =>
  apiFetch(withQuery(reportPath(companyId, id, 'questions'), { ...filter }), z.array(QuestionReportRow), {
    signal,
  });

export const fetchAssessmentUsers = (
  companyId: string,
  id: string,
  query: AssessmentUsersQuery,
  signal?: AbortSignal,
) =>
  apiFetch(withQuery(reportPath(companyId, id, 'users'), { ...query }), AssessmentEmployeesPage, { signal });

export const fetchRecommendedTraining = (companyId: string, id: string, signal?: AbortSignal) =>
  apiFetch(reportPath(companyId, id, 'recommended-training'), RecommendedTraining, { signal });

export const fetchReminders = (companyId: string, id: string, signal?: AbortSignal) =>
  apiFetch(reportPath(companyId, id, 'reminders'), z.array(AssessmentReminderView), { signal });

// ── Hooks ──

/** GET …/overview: score, band, completion, distribution, insights, areas, behaviours, lists, reminders. */
export function useAssessmentOverview(companyId: string, id: string) {
  return useQuery({
    queryKey: reportKeys.part(companyId, id, 'overview'),
    queryFn: ({ signal }) => fetchOverview(companyId, id, signal),
  });
}

/** GET …/recommended-training: the weakest key behaviours and the subjects that train them. */
export function useRecommendedTraining(companyId: string, id: string) {
  return useQuery({
    queryKey: reportKeys.part(companyId, id, 'recommended-training'),
    queryFn: ({ signal }) => fetchRecommendedTraining(companyId, id, signal),
  });
}

/** GET …/threat-areas?listId */
export function useThreatAreaRows(companyId: string, id: string, listId?: string) {
  return useQuery({
    queryKey: reportKeys.part(companyId, id, 'threat-areas', { listId }),
    queryFn: ({ signal }) => fetchThreatAreas(companyId, id, listId, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET …/threat-areas/{areaId}?listId: the area's figures, distribution, behaviours, questions and lists. */
export function useThreatAreaDetail(companyId: string, id: string, areaId: string, listId?: string) {
  return useQuery({
    queryKey: reportKeys.part(companyId, id, 'threat-area', { areaId, listId }),
    queryFn: ({ signal }) => fetchThreatAreaDetail(companyId, id, areaId, listId, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET …/questions?threatArea&listId: the questions report. */
export function useQuestionsReport(companyId: string, id: string, filter: ReportFilter = {}) {
  return useQuery({
    queryKey: reportKeys.part(companyId, id, 'questions', filter),
    queryFn: ({ signal }) => fetchQuestionsReport(companyId, id, filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET …/users: one server page of the employees report, filtered and sorted. */
export function useAssessmentUsers(companyId: string, id: string, query: AssessmentUsersQuery) {
  return useQuery({
    queryKey: reportKeys.part(companyId, id, 'users', query),
    queryFn: ({ signal }) => fetchAssessmentUsers(companyId, id, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET …/reminders: the scheduled and sent reminders (spec 2 "Reminder overview row"). */
export function useAssessmentReminders(companyId: string, id: string) {
  return useQuery({
    queryKey: reportKeys.part(companyId, id, 'reminders'),
    queryFn: ({ signal }) => fetchReminders(companyId, id, signal),
  });
}

/** POST …/reminders/count: employees who have not finished among the chosen lists or emails. */
export function useReminderCount(companyId: string, id: string, request: ReminderRequest, enabled = true) {
  return useQuery({
    queryKey: reportKeys.part(companyId, id, 'reminder-count', request),
    queryFn: ({ signal }) =>
      apiFetch(reportPath(companyId, id, 'reminders/count'), AssessmentReminderCount, {
        method: 'POST',
        body: request,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST …/reminders: reminds now; `success: false` carries the server's reason. */
export function useSendAssessmentReminders(companyId: string, id: string) {
  return useMutation({
    mutationFn: (body: ReminderRequest) =>
      apiFetch(reportPath(companyId, id, 'reminders'), ReminderSendAnswer, { method: 'POST', body }),
    onSettled: () => refreshAssessmentReports(companyId, id),
  });
}

/** POST …/users/{email}/link: an employee's personal link (admins; not under anonymous tracking). */
export function useAssessmentSigninLink(companyId: string, id: string) {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch(reportPath(companyId, id, `users/${encodeURIComponent(email)}/link`), SigninLink, {
        method: 'POST',
      }),
  });
}

// ── Downloads ──

/**
 * A CSV download (answers.csv, lists.csv, users.csv) as a plain link: the session token goes in the
 * query like the training reports'; filters narrow lists.csv and users.csv as on screen.
 */
export function assessmentDownloadUrl(
  kind: AssessmentDownload,
  target: { companyId: string; assessmentId: string; token: string },
  filter: Record<string, string | number | undefined> = {},
): string {
  return `/api${withQuery(reportPath(target.companyId, target.assessmentId, kind), {
    ...filter,
    csv: 1,
    token: target.token,
  })}`;
}
