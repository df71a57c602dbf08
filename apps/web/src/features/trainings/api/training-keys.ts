import type {
  DeliveryUsersQuery,
  ReminderSelection,
  TrainingEmployeesQuery,
  TrainingListQuery,
} from '@vigil/shared';
import { queryClient } from '../../../lib/query-client.ts';
import { campaignKeys } from '../../campaigns/index.ts';

/** The company's trainings path; the API calls training programs automations (spec 2 §1). */
export const trainingsPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}/automations`;

export const trainingPath = (companyId: string, trainingId: string) =>
  `${trainingsPath(companyId)}/${encodeURIComponent(trainingId)}`;

/** Query keys of the trainings area, all under the company they belong to. */
export const trainingKeys = {
  ...campaignKeys<TrainingListQuery>('trainings'),
  lessons: (companyId: string, trainingId: string) =>
    ['trainings', companyId, 'one', trainingId, 'lessons'] as const,
  flags: (companyId: string, trainingId: string, subjectId: string, lang: string) =>
    ['trainings', companyId, 'one', trainingId, 'flags', subjectId, lang] as const,
  lists: (companyId: string, trainingId: string) =>
    ['trainings', companyId, 'one', trainingId, 'lists'] as const,
  employees: (companyId: string, trainingId: string, query: TrainingEmployeesQuery) =>
    ['trainings', companyId, 'one', trainingId, 'employees', query] as const,
  reminderCount: (companyId: string, trainingId: string, selection: ReminderSelection) =>
    ['trainings', companyId, 'one', trainingId, 'reminder-count', selection] as const,
  deliveries: (companyId: string, trainingId: string) =>
    ['trainings', companyId, 'one', trainingId, 'deliveries'] as const,
  deliveryUsers: (companyId: string, trainingId: string, eventId: string, query: DeliveryUsersQuery) =>
    ['trainings', companyId, 'one', trainingId, 'deliveries', eventId, query] as const,
  user: (companyId: string, trainingId: string, email: string) =>
    ['trainings', companyId, 'one', trainingId, 'user', email] as const,
  mail: (companyId: string, trainingId: string, email: string, mailId: string) =>
    ['trainings', companyId, 'one', trainingId, 'user', email, 'mail', mailId] as const,
  report: (companyId: string, trainingId: string, query: { p: number; details: boolean }) =>
    ['trainings', companyId, 'one', trainingId, 'report', query] as const,
};

/** After something was sent for a program: its figures, deliveries and reminder counts. */
export function refreshTraining(companyId: string, trainingId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: trainingKeys.one(companyId, trainingId) });
}

/** After any change to a program: reloads every list and detail of the company's trainings. */
export function refreshTrainings(companyId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: trainingKeys.all(companyId) });
}
