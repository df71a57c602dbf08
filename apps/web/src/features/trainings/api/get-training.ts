import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  InteractiveFlagStats,
  TrainingAudience,
  TrainingEmployeesPage,
  TrainingLessonRow,
  TrainingListRow,
  TrainingView,
  type TrainingEmployeesQuery,
} from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';
import { trainingKeys, trainingPath, trainingsPath } from './training-keys.ts';

export function getTraining(companyId: string, trainingId: string, signal?: AbortSignal) {
  return apiFetch(trainingPath(companyId, trainingId), TrainingView, { signal });
}

/** GET /companies/{id}/automations/{trainingId}: the program with its schedule, figures and permissions. */
export function useTraining(companyId: string, trainingId: string | undefined) {
  return useQuery({
    queryKey: trainingKeys.one(companyId, trainingId ?? ''),
    queryFn: ({ signal }) => getTraining(companyId, trainingId!, signal),
    enabled: Boolean(trainingId),
    retry: false,
  });
}

/** GET …/lessons: per subject, deliveries sent and what employees did with them. */
export function useTrainingLessons(companyId: string, trainingId: string) {
  return useQuery({
    queryKey: trainingKeys.lessons(companyId, trainingId),
    queryFn: ({ signal }) =>
      apiFetch(`${trainingPath(companyId, trainingId)}/lessons`, z.array(TrainingLessonRow), { signal }),
  });
}

/** GET …/lessons/{subjectId}/flags: an interactive lesson's per-flag figures, in the manager's language. */
export function useLessonFlags(companyId: string, trainingId: string, subjectId: string, lang: string) {
  return useQuery({
    queryKey: trainingKeys.flags(companyId, trainingId, subjectId, lang),
    queryFn: ({ signal }) =>
      apiFetch(
        withQuery(`${trainingPath(companyId, trainingId)}/lessons/${encodeURIComponent(subjectId)}/flags`, {
          lang,
        }),
        InteractiveFlagStats,
        { signal },
      ),
  });
}

/** GET …/lists: the program's employee lists with their figures. */
export function useTrainingLists(companyId: string, trainingId: string) {
  return useQuery({
    queryKey: trainingKeys.lists(companyId, trainingId),
    queryFn: ({ signal }) =>
      apiFetch(`${trainingPath(companyId, trainingId)}/lists`, z.array(TrainingListRow), { signal }),
  });
}

/** GET …/employees?q&filter&p&n: one page of the program's employees. */
export function useTrainingEmployees(companyId: string, trainingId: string, query: TrainingEmployeesQuery) {
  return useQuery({
    queryKey: trainingKeys.employees(companyId, trainingId, query),
    queryFn: ({ signal }) =>
      apiFetch(withQuery(`${trainingPath(companyId, trainingId)}/employees`, query), TrainingEmployeesPage, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /companies/{id}/automations/audience: employees the chosen lists reach, each counted once. */
export function useTrainingAudience(companyId: string, listIds: readonly string[]) {
  const lists = [...listIds].sort().join(',');
  return useQuery({
    queryKey: [...trainingKeys.all(companyId), 'audience', lists] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${trainingsPath(companyId)}/audience?lists=${lists}`, TrainingAudience, { signal }),
    enabled: lists !== '',
    placeholderData: keepPreviousData,
  });
}
