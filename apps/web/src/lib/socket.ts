import { SOCKET_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@vigil/shared';
import type { Socket } from 'socket.io-client';

type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: RealtimeSocket | null = null;
/** Bumped on every disconnect so a connection still loading its library is dropped. */
let generation = 0;

/**
 * Opens the realtime connection to the same origin, the session token in the handshake query
 * (spec 1 §7), and joins the company's room. A company switch opens a new connection, so the socket
 * is never left in the previous company's room. The client library loads on demand so the first
 * page stays small.
 */
export async function connectRealtime(token: string, companyId: string | null): Promise<void> {
  disconnectRealtime();
  const current = generation;
  const { io } = await import('socket.io-client');
  if (current !== generation) return;
  const next: RealtimeSocket = io({ query: { token } });
  socket = next;
  next.on('connect', () => {
    if (companyId) next.emit(SOCKET_EVENTS.joinCompany, companyId, () => undefined);
  });
  next.on(SOCKET_EVENTS.unauthorized, (payload) =>
    console.warn('Realtime connection refused:', payload.message),
  );
}

export function disconnectRealtime(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
}
