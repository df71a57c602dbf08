import type { TrainingEmployeesQuery, TrainingListQuery } from '@vigil/shared';
import { queryClient } from '../../../lib/query-client.ts';

/** The company's trainings path; the API calls training programs automations (spec 2 §1). */
export const trainingsPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}/automations`;

export const trainingPath = (companyId: string, trainingId: string) =>
  `${trainingsPath(companyId)}/${encodeURIComponent(trainingId)}`;

/** Query keys of the trainings area, all under the company they belong to. */
export const trainingKeys = {
  all: (companyId: string) => ['trainings', companyId] as const,
  list: (companyId: string, query: TrainingListQuery) => ['trainings', companyId, 'list', query] as const,
  latest: (companyId: string) => ['trainings', companyId, 'latest'] as const,
  one: (companyId: string, trainingId: string) => ['trainings', companyId, 'one', trainingId] as const,
  lessons: (companyId: string, trainingId: string) =>
    ['trainings', companyId, 'one', trainingId, 'lessons'] as const,
  lists: (companyId: string, trainingId: string) =>
    ['trainings', companyId, 'one', trainingId, 'lists'] as const,
  employees: (companyId: string, trainingId: string, query: TrainingEmployeesQuery) =>
    ['trainings', companyId, 'one', trainingId, 'employees', query] as const,
};

/** After any change to a program: reloads every list and detail of the company's trainings. */
export function refreshTrainings(companyId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: trainingKeys.all(companyId) });
}
