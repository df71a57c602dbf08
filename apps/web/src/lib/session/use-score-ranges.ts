import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bandsOf, Company, scoreBand, trainingReportBand, type ScoreRange } from '@vigil/shared';
import { apiFetch } from '../api-client.ts';
import { sessionKeys } from './session-keys.ts';
import { useCurrentCompany } from './use-current-company.ts';

export interface ScoreBands {
  /** The band of an assessment score under the company's ranges. */
  band: (score: number) => ScoreRange;
  /** The band of a training report percent (grey when not started). */
  trainingBand: (percent: number | null) => ScoreRange;
  /** Every band, lowest first, for legends. */
  legend: readonly ScoreRange[];
}

/**
 * The score bands of a company — the current one, or the one a page names in its address (the printable
 * reports): its ranges, else the global ones, else the spec's.
 */
export function useScoreBands(companyId?: string): ScoreBands {
  const current = useCurrentCompany().company;
  const elsewhere = Boolean(companyId && current && current.company_id !== companyId);
  const named = useQuery({
    queryKey: sessionKeys.company(companyId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/companies/${encodeURIComponent(companyId ?? '')}`, Company, { signal }),
    enabled: elsewhere,
  });
  const ranges = (elsewhere ? named.data : current)?.scoreRanges ?? null;
  return useMemo(
    () => ({
      band: (score) => scoreBand(score, ranges),
      trainingBand: (percent) => trainingReportBand(percent, ranges),
      legend: bandsOf(ranges),
    }),
    [ranges],
  );
}
