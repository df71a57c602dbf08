import { SOCKET_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@vigil/shared';
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type ServerEvent = keyof ServerToClientEvents;

/** offline: no connection; connecting: opening or re-opening; live: connected and in the company's room. */
export type RealtimeStatus = 'offline' | 'connecting' | 'live';

let socket: RealtimeSocket | null = null;
/** Bumped on every disconnect so a connection still loading its library is dropped. */
let generation = 0;
let status: RealtimeStatus = 'offline';

const statusListeners = new Set<() => void>();
/** Subscribers per server event; they outlive any one connection (company switch, reconnects). */
const eventHandlers = new Map<ServerEvent, Set<(...args: never[]) => void>>();
/** Directory syncs whose progress a page follows; joined again on every (re)connection. */
const followedSyncs = new Set<string>();

function joinSync(target: RealtimeSocket, syncId: string): void {
  target.emit(SOCKET_EVENTS.integrationJoin, syncId, (ok) => {
    if (!ok) console.warn('Realtime: not allowed to follow sync', syncId);
  });
}

function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  statusListeners.forEach((listener) => listener());
}

function dispatch(event: string, ...args: unknown[]): void {
  eventHandlers
    .get(event as ServerEvent)
    ?.forEach((handler) => (handler as (...a: unknown[]) => void)(...args));
}

/** Resolves once the browser has a quiet moment (at most 3 s), so connecting never delays the first page. */
function browserIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 0);
  });
}

/**
 * Opens the realtime connection to the same origin, the session token in the handshake query
 * (spec 1 §7), and joins the company's room. A company switch opens a new connection, so the socket
 * is never left in the previous company's room. The client library loads on demand, once the
 * browser is idle, so the first page stays small and quick.
 */
export async function connectRealtime(token: string, companyId: string | null): Promise<void> {
  disconnectRealtime();
  const current = generation;
  setStatus('connecting');
  await browserIdle();
  if (current !== generation) return;
  const { io } = await import('socket.io-client');
  if (current !== generation) return;
  // WebSocket first (no sticky sessions needed behind a load balancer), long-polling if it fails.
  const next: RealtimeSocket = io({
    query: { token },
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  socket = next;
  next.on('connect', () => {
    followedSyncs.forEach((syncId) => joinSync(next, syncId));
    if (!companyId) return setStatus('live');
    next.emit(SOCKET_EVENTS.joinCompany, companyId, (ok) => {
      if (socket === next) setStatus(ok ? 'live' : 'offline');
    });
  });
  next.on('disconnect', () => {
    if (socket === next) setStatus(next.active ? 'connecting' : 'offline');
  });
  // Spec 1 §7: an unauthorized event is only logged.
  next.on(SOCKET_EVENTS.unauthorized, (payload) =>
    console.warn('Realtime connection refused:', payload.message),
  );
  next.onAny(dispatch);
}

export function disconnectRealtime(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
  setStatus('offline');
}

/** Calls `handler` on every `event` from the server, whichever connection brings it; returns the unsubscribe. */
export function subscribeRealtime<E extends ServerEvent>(
  event: E,
  handler: ServerToClientEvents[E],
): () => void {
  const handlers = eventHandlers.get(event) ?? new Set();
  eventHandlers.set(event, handlers);
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}

/**
 * Follows one directory sync's progress events (spec 3 §7: emit the integration event with its id);
 * returns the way to stop. The events themselves arrive through subscribeRealtime.
 */
export function followSync(syncId: string): () => void {
  followedSyncs.add(syncId);
  if (socket?.connected) joinSync(socket, syncId);
  return () => {
    followedSyncs.delete(syncId);
  };
}

/** The realtime connection's state, re-rendering when it changes. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}
