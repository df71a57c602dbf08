import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { refreshTraining, trainingKeys, trainingPath } from './training-keys.ts';

const ResendResponse = z.object({ message: z.string() });

/** Where the delivery status of a program is read (the campaign kit's tables). */
export const trainingDeliverySource = (companyId: string, trainingId: string) => ({
  path: trainingPath(companyId, trainingId),
  key: trainingKeys.one(companyId, trainingId),
});

/** POST …/deliveries/{eventId}/resend: sends one employee that delivery's mail again. */
export function useResendDelivery(companyId: string, trainingId: string) {
  return useMutation({
    mutationFn: ({ eventId, email }: { eventId: string; email: string }) =>
      apiFetch(
        `${trainingPath(companyId, trainingId)}/deliveries/${encodeURIComponent(eventId)}/resend`,
        ResendResponse,
        { method: 'POST', body: { email } },
      ),
    onSuccess: () => refreshTraining(companyId, trainingId),
  });
}
