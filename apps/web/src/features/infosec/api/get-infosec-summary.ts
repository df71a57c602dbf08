import { queryOptions, useQuery } from '@tanstack/react-query';
import { InfosecSummary } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const infosecKeys = {
  summary: (companyId: string) => ['infosec', 'summary', companyId] as const,
};

/** GET /infosec/assessment/summary for the company in `x-company-id` (the stored current company). */
export const fetchInfosecSummary = (signal?: AbortSignal) =>
  apiFetch('/infosec/assessment/summary', InfosecSummary, { signal });

export const infosecSummaryQuery = (companyId: string) =>
  queryOptions({
    queryKey: infosecKeys.summary(companyId),
    queryFn: ({ signal }) => fetchInfosecSummary(signal),
  });

/** The board's summary; loads once the company is known, and again whenever it is invalidated. */
export function useInfosecSummary(companyId: string | undefined) {
  return useQuery({ ...infosecSummaryQuery(companyId ?? ''), enabled: Boolean(companyId) });
}
