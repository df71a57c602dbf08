import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS } from '@vigil/shared';
import { useEffect } from 'react';
import { subscribeRealtime, useRealtimeStatus, type RealtimeStatus } from '../../lib/socket.ts';
import { infosecKeys } from './api/get-infosec-summary.ts';

/**
 * Keeps the board's summary fresh: it is loaded again on every `infosec:update_summary` for the
 * company (spec 1 §7), and whenever the connection joins the company's room, since events sent
 * before (the first load, a lost connection) did not reach it.
 * Returns the connection's state for the live indicator.
 */
export function useLiveSummary(companyId: string | undefined): RealtimeStatus {
  const queryClient = useQueryClient();
  const status = useRealtimeStatus();

  useEffect(() => {
    if (!companyId) return;
    return subscribeRealtime(SOCKET_EVENTS.infosecUpdateSummary, (payload) => {
      if (payload.companyId === companyId)
        void queryClient.invalidateQueries({ queryKey: infosecKeys.summary(companyId) });
    });
  }, [companyId, queryClient]);

  useEffect(() => {
    if (status === 'live' && companyId)
      void queryClient.invalidateQueries({ queryKey: infosecKeys.summary(companyId) });
  }, [status, companyId, queryClient]);

  return status;
}
