import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  ReminderCount,
  ReminderSendResponse,
  type ReminderSelection,
  type ReminderSend,
} from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { refreshTraining, trainingKeys, trainingPath } from './training-keys.ts';

const remindersPath = (companyId: string, trainingId: string) =>
  `${trainingPath(companyId, trainingId)}/reminders`;

/** POST …/{trainingId}/reminders/count: how many employees the selection would remind, and the last reminders. */
export function useReminderCount(
  companyId: string,
  trainingId: string,
  selection: ReminderSelection,
  enabled: boolean,
) {
  return useQuery({
    queryKey: trainingKeys.reminderCount(companyId, trainingId, selection),
    queryFn: ({ signal }) =>
      apiFetch(`${remindersPath(companyId, trainingId)}/count`, ReminderCount, {
        method: 'POST',
        body: selection,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST …/{trainingId}/reminders: reminds the selected employees now; `success` false says why not. */
export function useSendReminders(companyId: string, trainingId: string) {
  return useMutation({
    mutationFn: (body: ReminderSend) =>
      apiFetch(remindersPath(companyId, trainingId), ReminderSendResponse, { method: 'POST', body }),
    onSettled: () => refreshTraining(companyId, trainingId),
  });
}
