/** Socket.io events, typed once for server and clients (spec 1 §7 Realtime). */
export const SOCKET_EVENTS = {
  unauthorized: 'unauthorized',
  joinCompany: 'company:join',
  infosecUpdateSummary: 'infosec:update_summary',
} as const;

export interface ServerToClientEvents {
  unauthorized: (payload: { message: string }) => void;
  'infosec:update_summary': (payload: { companyId: string }) => void;
}

export interface ClientToServerEvents {
  'company:join': (companyId: string, ack: (ok: boolean) => void) => void;
}
