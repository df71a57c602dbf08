import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CalendarEvents } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';
import { companyPath, dashboardKeys } from './dashboard-keys.ts';

export const fetchEvents = (companyId: string, month: string, timeZone: string, signal?: AbortSignal) =>
  apiFetch(withQuery(`${companyPath(companyId)}/events`, { m: month, tz: timeZone }), CalendarEvents, {
    signal,
  });

export const eventsQueryOptions = (companyId: string, month: string, timeZone: string) =>
  queryOptions({
    queryKey: dashboardKeys.events(companyId, month, timeZone),
    queryFn: ({ signal }) => fetchEvents(companyId, month, timeZone, signal),
  });

/** GET /companies/{id}/events?m=YYYY-MM&tz=…: the month's deliveries, reminders and due dates. */
export const useEvents = (companyId: string, month: string, timeZone: string) =>
  useQuery({ ...eventsQueryOptions(companyId, month, timeZone), placeholderData: keepPreviousData });
