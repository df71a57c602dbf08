import type { SyncProgressEvent } from './directory.ts';

/** Socket.io events, typed once for server and clients (spec 1 §7 Realtime). */
export const SOCKET_EVENTS = {
  unauthorized: 'unauthorized',
  joinCompany: 'company:join',
  infosecUpdateSummary: 'infosec:update_summary',
  /** A client asks for one directory sync's progress (its id); the ack says whether it may. */
  integrationJoin: 'integration:join',
  /** A directory sync's progress, to the sockets that joined its id. */
  integrationProgress: 'integration:progress',
} as const;

export interface ServerToClientEvents {
  unauthorized: (payload: { message: string }) => void;
  'infosec:update_summary': (payload: { companyId: string }) => void;
  'integration:progress': (payload: SyncProgressEvent) => void;
}

export interface ClientToServerEvents {
  'company:join': (companyId: string, ack: (ok: boolean) => void) => void;
  'integration:join': (syncId: string, ack: (ok: boolean) => void) => void;
}
