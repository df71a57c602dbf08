import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TrainingLatest, TrainingListResponse, type TrainingListQuery } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';
import { trainingKeys, trainingsPath } from './training-keys.ts';

/** GET /companies/{id}/automations: one page of programs, the tab counts and the total. */
export function useTrainings(companyId: string, query: TrainingListQuery) {
  return useQuery({
    queryKey: trainingKeys.list(companyId, query),
    queryFn: ({ signal }) =>
      apiFetch(withQuery(trainingsPath(companyId), query), TrainingListResponse, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /companies/{id}/automations/latest: the ten most recently updated programs. */
export function useLatestTrainings(companyId: string) {
  return useQuery({
    queryKey: trainingKeys.latest(companyId),
    queryFn: ({ signal }) => apiFetch(`${trainingsPath(companyId)}/latest`, TrainingLatest, { signal }),
  });
}
