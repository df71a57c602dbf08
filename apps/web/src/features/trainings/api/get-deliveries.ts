import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DeliveryEventRow, DeliveryUsersPage, type DeliveryUsersQuery } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';
import { refreshTraining, trainingKeys, trainingPath } from './training-keys.ts';

const deliveriesPath = (companyId: string, trainingId: string) =>
  `${trainingPath(companyId, trainingId)}/deliveries`;

const ResendResponse = z.object({ message: z.string() });

/** GET …/{trainingId}/deliveries: every batch, reminder and manual reminder with its status counts. */
export function useDeliveries(companyId: string, trainingId: string) {
  return useQuery({
    queryKey: trainingKeys.deliveries(companyId, trainingId),
    queryFn: ({ signal }) =>
      apiFetch(deliveriesPath(companyId, trainingId), z.array(DeliveryEventRow), { signal }),
  });
}

/** GET …/deliveries/{eventId}/users?q&status&p&n: one page of what became of a delivery per employee. */
export function useDeliveryUsers(
  companyId: string,
  trainingId: string,
  eventId: string,
  query: DeliveryUsersQuery,
) {
  return useQuery({
    queryKey: trainingKeys.deliveryUsers(companyId, trainingId, eventId, query),
    queryFn: ({ signal }) =>
      apiFetch(
        withQuery(`${deliveriesPath(companyId, trainingId)}/${encodeURIComponent(eventId)}/users`, query),
        DeliveryUsersPage,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST …/deliveries/{eventId}/resend: sends one employee that delivery's mail again. */
export function useResendDelivery(companyId: string, trainingId: string) {
  return useMutation({
    mutationFn: ({ eventId, email }: { eventId: string; email: string }) =>
      apiFetch(
        `${deliveriesPath(companyId, trainingId)}/${encodeURIComponent(eventId)}/resend`,
        ResendResponse,
        { method: 'POST', body: { email } },
      ),
    onSuccess: () => refreshTraining(companyId, trainingId),
  });
}
