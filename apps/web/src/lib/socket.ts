import { SOCKET_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@vigil/shared';
import type { Socket } from 'socket.io-client';

type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: RealtimeSocket | null = null;
let joinedCompanyId: string | null = null;
/** Bumped on every disconnect so a connection still loading its library is dropped. */
let generation = 0;

function joinCompany(companyId: string): void {
  joinedCompanyId = companyId;
  if (socket?.connected) socket.emit(SOCKET_EVENTS.joinCompany, companyId, () => undefined);
}

/**
 * Opens the realtime connection to the same origin, the session token in the handshake query
 * (spec 1 §7). The client library loads on demand so the first page stays small.
 */
export async function connectRealtime(token: string, companyId: string | null): Promise<void> {
  disconnectRealtime();
  const current = generation;
  const { io } = await import('socket.io-client');
  if (current !== generation) return;
  const next: RealtimeSocket = io({ query: { token } });
  socket = next;
  joinedCompanyId = companyId;
  next.on('connect', () => {
    if (joinedCompanyId) joinCompany(joinedCompanyId);
  });
  next.on(SOCKET_EVENTS.unauthorized, (payload) => console.warn('Realtime connection refused:', payload.message));
}

/** Moves the connection to another company's room. */
export function switchRealtimeCompany(companyId: string): void {
  if (companyId !== joinedCompanyId) joinCompany(companyId);
}

export function disconnectRealtime(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
  joinedCompanyId = null;
}
