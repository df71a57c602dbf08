import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  PhishingCustomTemplate,
  PhishingDone,
  PhishingEmployeesPage,
  PhishingLatest,
  PhishingListResponse,
  PhishingDeliverability,
  PhishingReportSettings,
  PhishingResults,
  ReportedMailDetail,
  ReportedMailsPage,
  PhishingSaveResponse,
  PhishingSenderProfile,
  PhishingSummary,
  PhishingTemplatePreview,
  PhishingTemplateSummary,
  PhishingTimeline,
  PhishingView,
  TrainingListResponse,
  type PhishingCustomTemplateSave,
  type PhishingEmployeesQuery,
  type PhishingListQuery,
  type PhishingReportSettingsSave,
  type PhishingSave,
  type PhishingSenderProfileSave,
  type PhishingTestSend,
} from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { withQuery } from '../../../lib/with-query.ts';
import { campaignKeys } from '../../campaigns/index.ts';

const companyPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;
/** The simulations of a company; the area's other resources sit beside them under …/phishing/. */
export const phishingPath = (companyId: string) => `${companyPath(companyId)}/phishing`;
/** The library's and the company's own templates. */
const templatesPath = (companyId: string) => `${companyPath(companyId)}/phishing-templates`;
export const simulationPath = (companyId: string, id: string) =>
  `${phishingPath(companyId)}/${encodeURIComponent(id)}`;

/** Query keys of the phishing area, all under the company they belong to. */
export const phishingKeys = {
  ...campaignKeys<PhishingListQuery>('phishing'),
  audience: (companyId: string, lists: string) => ['phishing', companyId, 'audience', lists] as const,
  templates: (companyId: string, language: string) => ['phishing', companyId, 'templates', language] as const,
  preview: (companyId: string, ref: string, language: string) =>
    ['phishing', companyId, 'templates', 'preview', ref, language] as const,
  custom: (companyId: string) => ['phishing', companyId, 'custom-templates'] as const,
  senders: (companyId: string) => ['phishing', companyId, 'sender-profiles'] as const,
};

/** After any change: every list and detail of the company's simulations is loaded again. */
export function refreshPhishing(companyId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: phishingKeys.all(companyId) });
}

// ── Simulations ──

/** The list's query as the address keeps it: the kit's `sort` is the API's `order`. */
export type PhishingListAddressQuery = Omit<PhishingListQuery, 'order'> & {
  sort?: PhishingListQuery['order'];
};

export function usePhishingList(companyId: string, query: PhishingListAddressQuery) {
  const { sort, ...rest } = query;
  const apiQuery: PhishingListQuery = { ...rest, order: sort };
  return useQuery({
    queryKey: phishingKeys.list(companyId, apiQuery),
    queryFn: ({ signal }) =>
      apiFetch(withQuery(phishingPath(companyId), apiQuery), PhishingListResponse, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLatestPhishing(companyId: string) {
  return useQuery({
    queryKey: phishingKeys.latest(companyId),
    queryFn: ({ signal }) => apiFetch(`${phishingPath(companyId)}/latest`, PhishingLatest, { signal }),
  });
}

export const phishingQueryOptions = (companyId: string, id: string) =>
  queryOptions({
    queryKey: phishingKeys.one(companyId, id),
    queryFn: ({ signal }) => apiFetch(simulationPath(companyId, id), PhishingView, { signal }),
  });

/** One simulation, of the current company unless another is given. */
export function usePhishing(id: string | undefined, companyId?: string) {
  const current = useCompany().company_id;
  return useQuery({
    ...phishingQueryOptions(companyId ?? current, id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}

const Audience = z.object({ selectedUserCount: z.number() });

/** GET …/phishing/audience?lists=: the people the lists reach, each counted once. */
export function usePhishingAudience(companyId: string, listIds: readonly string[]) {
  const lists = [...listIds].sort().join(',');
  return useQuery({
    queryKey: phishingKeys.audience(companyId, lists),
    queryFn: ({ signal }) =>
      apiFetch(`${phishingPath(companyId)}/audience?lists=${lists}`, Audience, { signal }),
    enabled: lists !== '',
    placeholderData: keepPreviousData,
  });
}

export const savePhishing = (companyId: string, id: string | null, body: PhishingSave) =>
  id
    ? apiFetch(simulationPath(companyId, id), PhishingSaveResponse, { method: 'PUT', body })
    : apiFetch(phishingPath(companyId), PhishingSaveResponse, { method: 'POST', body });

export function useSavePhishing(companyId: string) {
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PhishingSave }) =>
      savePhishing(companyId, id, body),
    onSuccess: () => refreshPhishing(companyId),
  });
}

export function useChangePhishing(companyId: string) {
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'pause' | 'stop' }) =>
      apiFetch(`${simulationPath(companyId, id)}/${action}`, PhishingDone, { method: 'POST' }),
    onSuccess: () => refreshPhishing(companyId),
  });
}

export function useDeletePhishing(companyId: string) {
  return useMutation({
    mutationFn: (id: string) => apiFetch(simulationPath(companyId, id), PhishingDone, { method: 'DELETE' }),
    onSuccess: () => refreshPhishing(companyId),
  });
}

// ── Results ──

export function usePhishingResults(companyId: string, id: string) {
  return useQuery({
    queryKey: [...phishingKeys.one(companyId, id), 'results'],
    queryFn: ({ signal }) =>
      apiFetch(`${simulationPath(companyId, id)}/results`, PhishingResults, { signal }),
  });
}

export function usePhishingEmployees(companyId: string, id: string, query: PhishingEmployeesQuery) {
  return useQuery({
    queryKey: [...phishingKeys.one(companyId, id), 'employees', query],
    queryFn: ({ signal }) =>
      apiFetch(withQuery(`${simulationPath(companyId, id)}/employees`, query), PhishingEmployeesPage, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePhishingTimeline(companyId: string, id: string, employeeId: string | null) {
  return useQuery({
    queryKey: [...phishingKeys.one(companyId, id), 'timeline', employeeId],
    queryFn: ({ signal }) =>
      apiFetch(
        `${simulationPath(companyId, id)}/employees/${encodeURIComponent(employeeId ?? '')}/timeline`,
        PhishingTimeline,
        { signal },
      ),
    enabled: employeeId !== null,
  });
}

/** The results' files: the rates as CSV, the employees as CSV and the PDF report. */
export const phishingFilePaths = (companyId: string, id: string) => ({
  results: `${simulationPath(companyId, id)}/results.csv`,
  employees: `${simulationPath(companyId, id)}/employees.csv`,
  pdf: `${simulationPath(companyId, id)}/results.pdf`,
});

// ── Templates ──

const Templates = z.array(PhishingTemplateSummary);

/** The library's templates and the company's own, with names and subjects in `language`. */
export const templatesOptions = (companyId: string, language: string) =>
  queryOptions({
    queryKey: phishingKeys.templates(companyId, language),
    queryFn: ({ signal }) =>
      apiFetch(withQuery(templatesPath(companyId), { language }), Templates, { signal }),
    staleTime: 5 * 60_000,
  });

export const usePhishingTemplates = (companyId: string, language: string) =>
  useQuery(templatesOptions(companyId, language));

/** A template rendered with sample personalisation, its red flags beside it. */
export function useTemplatePreview(companyId: string, ref: string | null, language: string) {
  return useQuery({
    queryKey: phishingKeys.preview(companyId, ref ?? '', language),
    queryFn: ({ signal }) =>
      apiFetch(
        withQuery(`${templatesPath(companyId)}/${encodeURIComponent(ref ?? '')}/preview`, { lang: language }),
        PhishingTemplatePreview,
        { signal },
      ),
    enabled: ref !== null,
    staleTime: 5 * 60_000,
  });
}

const customPath = (companyId: string) => `${templatesPath(companyId)}/custom`;

/** One of the company's own templates (from the list of them; there is no single read). */
export function useCustomTemplate(companyId: string, id: string | undefined) {
  return useQuery({
    queryKey: phishingKeys.custom(companyId),
    queryFn: ({ signal }) => apiFetch(customPath(companyId), z.array(PhishingCustomTemplate), { signal }),
    enabled: Boolean(id),
    select: (rows) => rows.find((row) => row.id === id) ?? null,
  });
}

const refreshTemplates = (companyId: string) =>
  queryClient.invalidateQueries({ queryKey: ['phishing', companyId, 'templates'] });

export function useSaveCustomTemplate(companyId: string) {
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PhishingCustomTemplateSave }) =>
      id
        ? apiFetch(`${customPath(companyId)}/${encodeURIComponent(id)}`, PhishingCustomTemplate, {
            method: 'PUT',
            body,
          })
        : apiFetch(customPath(companyId), PhishingCustomTemplate, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        refreshTemplates(companyId),
        queryClient.invalidateQueries({ queryKey: phishingKeys.custom(companyId) }),
      ]),
  });
}

export function useDeleteCustomTemplate(companyId: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${customPath(companyId)}/${encodeURIComponent(id)}`, PhishingDone, { method: 'DELETE' }),
    onSuccess: () => refreshTemplates(companyId),
  });
}

// ── Sender profiles and the test send ──

const sendersPath = (companyId: string) => `${companyPath(companyId)}/phishing-senders`;

export function useSenderProfiles(companyId: string) {
  return useQuery({
    queryKey: phishingKeys.senders(companyId),
    queryFn: ({ signal }) => apiFetch(sendersPath(companyId), z.array(PhishingSenderProfile), { signal }),
  });
}

export function useSaveSenderProfile(companyId: string) {
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PhishingSenderProfileSave }) =>
      id
        ? apiFetch(`${sendersPath(companyId)}/${encodeURIComponent(id)}`, PhishingSenderProfile, {
            method: 'PUT',
            body,
          })
        : apiFetch(sendersPath(companyId), PhishingSenderProfile, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phishingKeys.senders(companyId) }),
  });
}

export function useDeleteSenderProfile(companyId: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${sendersPath(companyId)}/${encodeURIComponent(id)}`, PhishingDone, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phishingKeys.senders(companyId) }),
  });
}

export function useTestSend(companyId: string) {
  return useMutation({
    mutationFn: (body: PhishingTestSend) =>
      apiFetch(`${phishingPath(companyId)}/test-send`, PhishingDone, { method: 'POST', body }),
  });
}

// ── Training programs a click may enrol in ──

/** The company's training programs that are not completed (the first 100 by name), for the on-click step. */
export function useEnrolPrograms(companyId: string) {
  return useQuery({
    queryKey: ['phishing', companyId, 'enrol-programs'],
    queryFn: async ({ signal }) => {
      const page = await apiFetch(
        withQuery(`${companyPath(companyId)}/automations`, { tab: 'all', n: 100, sort: 'updated' }),
        TrainingListResponse,
        { signal },
      );
      return page.rows
        .filter((row) => row.status !== 'completed' && !row.isScorm)
        .map((row) => ({ id: row.id, name: row.name, status: row.status }));
    },
    staleTime: 60_000,
  });
}

// ── Reporting (report address, report button), reported real mails, deliverability ──

const reportingPath = (companyId: string) => `${phishingPath(companyId)}/reporting`;

export function useReportSettings(companyId: string) {
  return useQuery({
    queryKey: ['phishing', companyId, 'reporting'],
    queryFn: ({ signal }) => apiFetch(reportingPath(companyId), PhishingReportSettings, { signal }),
  });
}

export function useSaveReportSettings(companyId: string) {
  return useMutation({
    mutationFn: (body: PhishingReportSettingsSave) =>
      apiFetch(reportingPath(companyId), PhishingReportSettings, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(['phishing', companyId, 'reporting'], data),
  });
}

export function useRotateReportKey(companyId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${reportingPath(companyId)}/rotate`, PhishingReportSettings, { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(['phishing', companyId, 'reporting'], data),
  });
}

export function useReportedMails(companyId: string, query: { page: number; search?: string }) {
  return useQuery({
    queryKey: ['phishing', companyId, 'reported-mails', query],
    queryFn: ({ signal }) =>
      apiFetch(withQuery(`${phishingPath(companyId)}/reported-mails`, query), ReportedMailsPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReportedMail(companyId: string, mailId: string | null) {
  return useQuery({
    queryKey: ['phishing', companyId, 'reported-mails', 'one', mailId],
    queryFn: ({ signal }) =>
      apiFetch(
        `${phishingPath(companyId)}/reported-mails/${encodeURIComponent(mailId ?? '')}`,
        ReportedMailDetail,
        {
          signal,
        },
      ),
    enabled: mailId !== null,
  });
}

export function useDeliverability(companyId: string) {
  return useQuery({
    queryKey: ['phishing', companyId, 'deliverability'],
    queryFn: ({ signal }) =>
      apiFetch(`${phishingPath(companyId)}/deliverability`, PhishingDeliverability, { signal }),
    staleTime: 5 * 60_000,
  });
}

// ── The dashboard's and an employee record's figures ──

/** GET /companies/{id}/dashboard/phishing: the simulations of the last 12 months. */
export function usePhishingSummary(companyId: string) {
  return useQuery({
    queryKey: ['phishing', companyId, 'summary'],
    queryFn: ({ signal }) =>
      apiFetch(`${companyPath(companyId)}/dashboard/phishing`, PhishingSummary, { signal }),
  });
}
