import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { TrainingSaveResponse, type TrainingPreviewRequest, type TrainingSave } from '@vigil/shared';
import { apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { refreshTrainings, trainingPath, trainingsPath } from './training-keys.ts';

/**
 * POST /companies/{id}/automations (new) or PUT …/{trainingId} (existing): `status` 'draft' saves a
 * draft, 'scheduled' starts the program (or starts an edited scheduled one again).
 */
export function useSaveTraining(companyId: string) {
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TrainingSave }) =>
      id
        ? apiFetch(trainingPath(companyId, id), TrainingSaveResponse, { method: 'PUT', body })
        : apiFetch(trainingsPath(companyId), TrainingSaveResponse, { method: 'POST', body }),
    onSuccess: () => refreshTrainings(companyId),
  });
}

type TrainingAction = 'pause' | 'stop';

/** POST …/{trainingId}/pause (back to draft) or …/stop (no more deliveries). */
export function useTrainingAction(companyId: string) {
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: TrainingAction }) =>
      apiRequest(`${trainingPath(companyId, id)}/${action}`, { method: 'POST' }),
    onSuccess: () => refreshTrainings(companyId),
  });
}

/** DELETE …/{trainingId}: removes a draft or scheduled program for ever. */
export function useDeleteTraining(companyId: string) {
  return useMutation({
    mutationFn: (id: string) => apiRequest(trainingPath(companyId, id), { method: 'DELETE' }),
    onSuccess: () => refreshTrainings(companyId),
  });
}

const PreviewResponse = z.object({ success: z.literal(true), sent: z.number() });

/** POST /companies/{id}/automations/preview: sends the preview mails to the given addresses. */
export function useSendTrainingPreview(companyId: string) {
  return useMutation({
    mutationFn: (body: TrainingPreviewRequest) =>
      apiFetch(`${trainingsPath(companyId)}/preview`, PreviewResponse, { method: 'POST', body }),
  });
}
