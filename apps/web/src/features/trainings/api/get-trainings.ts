import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TrainingLatest, TrainingListResponse, type TrainingListQuery } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { trainingKeys, trainingsPath } from './training-keys.ts';

function searchOf(query: TrainingListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** GET /companies/{id}/automations: one page of programs, the tab counts and the total. */
export function useTrainings(companyId: string, query: TrainingListQuery) {
  return useQuery({
    queryKey: trainingKeys.list(companyId, query),
    queryFn: ({ signal }) =>
      apiFetch(`${trainingsPath(companyId)}?${searchOf(query)}`, TrainingListResponse, { signal }),
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
