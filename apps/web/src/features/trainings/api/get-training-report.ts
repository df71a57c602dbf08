import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORT_LIMITS, TrainingReport } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';
import { trainingKeys, trainingPath } from './training-keys.ts';

/**
 * GET …/{trainingId}/report?p&n&details: the report pages' figures, lessons, lists and one page of
 * 50 employees; with details, which subjects each employee viewed and answered.
 */
export function useTrainingReport(
  companyId: string,
  trainingId: string,
  page: number,
  details: boolean,
  enabled = true,
) {
  return useQuery({
    queryKey: trainingKeys.report(companyId, trainingId, { p: page, details }),
    queryFn: ({ signal }) =>
      apiFetch(
        withQuery(`${trainingPath(companyId, trainingId)}/report`, {
          p: page,
          n: REPORT_LIMITS.pageRows,
          details: details ? 1 : undefined,
        }),
        TrainingReport,
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}
