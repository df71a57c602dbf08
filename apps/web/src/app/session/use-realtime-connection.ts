import { useEffect } from 'react';
import { connectRealtime, disconnectRealtime } from '../../lib/socket.ts';
import { companyIdStore, useAuthToken, useCurrentUser } from '../../lib/session/index.ts';
import { useStoredValue } from '../../lib/stored-value.ts';

/** Keeps the realtime connection open while signed in, in the current company's room. */
export function useRealtimeConnection(): void {
  const token = useAuthToken();
  const signedIn = useCurrentUser().isSuccess;
  const companyId = useStoredValue(companyIdStore);

  useEffect(() => {
    if (!token || !signedIn || !companyId) return;
    void connectRealtime(token, companyId);
    return disconnectRealtime;
  }, [token, signedIn, companyId]);
}
