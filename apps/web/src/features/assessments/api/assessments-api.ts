import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  AssessmentLatest,
  AssessmentListResponse,
  AssessmentSaveResponse,
  AssessmentView,
  QuestionDetail,
  QuestionSummary,
  TemplateSummary,
  ThreatAreaDefinition,
  type AssessmentListQuery,
  type AssessmentSave,
} from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { campaignKeys } from '../../campaigns/index.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { withQuery } from '../../../lib/with-query.ts';

const companyPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;
export const assessmentsPath = (companyId: string) => `${companyPath(companyId)}/assessments`;
export const assessmentPath = (companyId: string, id: string) =>
  `${assessmentsPath(companyId)}/${encodeURIComponent(id)}`;

/** Query keys of the assessment area, all under the company they belong to. */
export const assessmentKeys = {
  ...campaignKeys<AssessmentListQuery>('assessments'),
  audience: (companyId: string, lists: string) => ['assessments', companyId, 'audience', lists] as const,
};

/** After any change: every list and detail of the company's assessments is loaded again. */
export function refreshAssessments(companyId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: assessmentKeys.all(companyId) });
}

// ── Reads ──

export const fetchAssessments = (companyId: string, query: AssessmentListQuery, signal?: AbortSignal) =>
  apiFetch(withQuery(assessmentsPath(companyId), query), AssessmentListResponse, { signal });

export const fetchLatestAssessments = (companyId: string, signal?: AbortSignal) =>
  apiFetch(`${assessmentsPath(companyId)}/latest`, AssessmentLatest, { signal });

export const fetchAssessment = (companyId: string, id: string, signal?: AbortSignal) =>
  apiFetch(assessmentPath(companyId, id), AssessmentView, { signal });

/** GET /companies/{id}/assessments: one page, the tab counts and the total. */
export function useAssessments(companyId: string, query: AssessmentListQuery) {
  return useQuery({
    queryKey: assessmentKeys.list(companyId, query),
    queryFn: ({ signal }) => fetchAssessments(companyId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /companies/{id}/assessments/latest: the ten most recently updated. */
export function useLatestAssessments(companyId: string) {
  return useQuery({
    queryKey: assessmentKeys.latest(companyId),
    queryFn: ({ signal }) => fetchLatestAssessments(companyId, signal),
  });
}

export const assessmentQueryOptions = (companyId: string, id: string) =>
  queryOptions({
    queryKey: assessmentKeys.one(companyId, id),
    queryFn: ({ signal }) => fetchAssessment(companyId, id, signal),
  });

/** GET /companies/{id}/assessments/{assessmentId}, of the current company unless another is given. */
export function useAssessment(id: string | undefined, companyId?: string) {
  const current = useCompany().company_id;
  return useQuery({
    ...assessmentQueryOptions(companyId ?? current, id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}

const Audience = z.object({ selectedUserCount: z.number() });

/** GET /companies/{id}/automations/audience?lists=: the people the lists reach, each counted once. */
export function useAssessmentAudience(companyId: string, listIds: readonly string[]) {
  const lists = [...listIds].sort().join(',');
  return useQuery({
    queryKey: assessmentKeys.audience(companyId, lists),
    queryFn: ({ signal }) =>
      apiFetch(`${companyPath(companyId)}/automations/audience?lists=${lists}`, Audience, { signal }),
    enabled: lists !== '',
    placeholderData: keepPreviousData,
  });
}

// ── Content the wizard picks from ──

const contentOptions = <T extends z.ZodType>(companyId: string, what: string, lang: string, schema: T) =>
  queryOptions({
    queryKey: ['assessment-content', companyId, what, lang] as const,
    queryFn: ({ signal }) =>
      apiFetch(withQuery(`${companyPath(companyId)}/${what}`, { lang }), schema, { signal }),
    staleTime: 5 * 60_000,
  });

const Questions = z.array(QuestionSummary);
const ThreatAreas = z.array(ThreatAreaDefinition);
const Templates = z.array(TemplateSummary);
export type ThreatAreaDefinition = z.infer<typeof ThreatAreaDefinition>;
export type AssessmentTemplate = z.infer<typeof TemplateSummary>;

/** GET /companies/{id}/questions: the question catalogue, in the interface language. */
export const useQuestions = (companyId: string, lang: string) =>
  useQuery(contentOptions(companyId, 'questions', lang, Questions));

/** GET /companies/{id}/threat-areas: the areas and their key behaviours with green thresholds. */
export const useThreatAreas = (companyId: string, lang: string) =>
  useQuery(contentOptions(companyId, 'threat-areas', lang, ThreatAreas));

/** GET /companies/{id}/templates?kind=assessment */
export const useAssessmentTemplates = (companyId: string, lang: string) =>
  useQuery({
    ...contentOptions(companyId, 'templates', lang, Templates),
    queryKey: ['assessment-content', companyId, 'templates', lang] as const,
    queryFn: ({ signal }) =>
      apiFetch(withQuery(`${companyPath(companyId)}/templates`, { kind: 'assessment', lang }), Templates, {
        signal,
      }),
  });

// ── Changes ──

const Done = z.object({ success: z.boolean(), message: z.string().optional() });

/** POST /companies/{id}/assessments (new) or PUT …/{assessmentId}: `status` draft saves, scheduled starts. */
export const saveAssessment = (companyId: string, id: string | null, body: AssessmentSave) =>
  id
    ? apiFetch(assessmentPath(companyId, id), AssessmentSaveResponse, { method: 'PUT', body })
    : apiFetch(assessmentsPath(companyId), AssessmentSaveResponse, { method: 'POST', body });

export function useSaveAssessment(companyId: string) {
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AssessmentSave }) =>
      saveAssessment(companyId, id, body),
    onSuccess: () => refreshAssessments(companyId),
  });
}

export type AssessmentChange = 'pause' | 'stop';

/** POST …/{assessmentId}/pause (back to draft) or …/stop (scheduled → completed, nothing sent). */
export function useChangeAssessment(companyId: string) {
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: AssessmentChange }) =>
      apiFetch(`${assessmentPath(companyId, id)}/${action}`, Done, { method: 'POST' }),
    onSuccess: () => refreshAssessments(companyId),
  });
}

/** DELETE …/{assessmentId} */
export function useDeleteAssessment(companyId: string) {
  return useMutation({
    mutationFn: (id: string) => apiFetch(assessmentPath(companyId, id), Done, { method: 'DELETE' }),
    onSuccess: () => refreshAssessments(companyId),
  });
}

/** The preview request as the form sends it; the server splits the comma-separated recipients. */
export interface AssessmentPreviewBody {
  targetEmail: string;
  previewQuestions: string[];
  name: string;
  due: string | null;
  duration?: number;
  personalizeData: AssessmentSave['personalizeData'];
}

/** POST /companies/{id}/assessments/preview */
export function useSendAssessmentPreview(companyId: string) {
  return useMutation({
    mutationFn: (body: AssessmentPreviewBody) =>
      apiFetch(`${assessmentsPath(companyId)}/preview`, Done, { method: 'POST', body }),
  });
}

/** GET /companies/{id}/questions/{questionId}?lang=: a question's blocks, keys left unfilled. */
export function useQuestionDetail(companyId: string, questionId: string | undefined, lang: string) {
  return useQuery({
    queryKey: ['assessment-content', companyId, 'question', questionId, lang] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        withQuery(`${companyPath(companyId)}/questions/${encodeURIComponent(questionId ?? '')}`, { lang }),
        QuestionDetail,
        { signal },
      ),
    enabled: Boolean(questionId),
    staleTime: 5 * 60_000,
  });
}
