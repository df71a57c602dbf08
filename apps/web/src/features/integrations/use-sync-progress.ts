import { SOCKET_EVENTS, type SyncProgressEvent } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { followSync, subscribeRealtime, useRealtimeStatus } from '../../lib/socket.ts';
import { refreshEmployees } from '../employees/index.ts';
import { refreshIntegrations } from './api/integrations.ts';

/** While a sync runs and no event came, its page asks the server again this often (a missed event). */
const FALLBACK_REFRESH_MS = 5000;

export interface SyncProgress {
  progress: number;
  message: string;
}

/**
 * A running sync's message and percent, live over the socket per sync id (spec 3 §4, §7). At 100 %
 * (or when it ends) everything the integration's page shows loads again, and so do the employee lists
 * the sync changed. Without an id (nothing running) it returns null.
 */
export function useSyncProgress(
  companyId: string,
  syncId: string | null,
  initial: SyncProgress,
): SyncProgress | null {
  const status = useRealtimeStatus();
  const [latest, setLatest] = useState<{ syncId: string; event: SyncProgressEvent } | null>(null);

  useEffect(() => {
    if (!syncId) return;
    const stopFollowing = followSync(syncId);
    const unsubscribe = subscribeRealtime(SOCKET_EVENTS.integrationProgress, (event) => {
      if (event.syncId !== syncId) return;
      setLatest({ syncId, event });
      if (event.progress >= 100 || event.status !== 'Running') {
        void refreshIntegrations(companyId);
        void refreshEmployees(companyId);
      }
    });
    // Events sent before the socket joined did not reach it: the page asks now and then while it runs.
    const timer = setInterval(() => void refreshIntegrations(companyId), FALLBACK_REFRESH_MS);
    return () => {
      clearInterval(timer);
      unsubscribe();
      stopFollowing();
    };
  }, [companyId, syncId, status]);

  if (!syncId) return null;
  if (latest?.syncId === syncId) return { progress: latest.event.progress, message: latest.event.message };
  return initial;
}
