import { useEffect } from 'react';
import { useStoredValue } from '../../lib/stored-value.ts';
import { connectRealtime, disconnectRealtime, switchRealtimeCompany } from '../../lib/socket.ts';
import { companyIdStore, useAuthToken, useCurrentUser } from '../../lib/session/index.ts';

/** Keeps the realtime connection open while signed in, in the current company's room. */
export function useRealtimeConnection(): void {
  const token = useAuthToken();
  const signedIn = useCurrentUser().isSuccess;
  const companyId = useStoredValue(companyIdStore);

  useEffect(() => {
    if (!token || !signedIn) return;
    void connectRealtime(token, companyIdStore.get());
    return disconnectRealtime;
  }, [token, signedIn]);

  useEffect(() => {
    if (companyId) switchRealtimeCompany(companyId);
  }, [companyId]);
}
