import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@vigil/shared';
import { SOCKET_EVENTS } from '@vigil/shared';
import type { AppContext } from '../context.ts';
import type { RequestAuth } from '../http/guards.ts';
import { authenticate } from '../http/session-hook.ts';
import { resolveTenant } from '../http/tenant.ts';

interface SocketData {
  auth: RequestAuth | null;
}

export type Realtime = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const companyRoom = (companyId: string) => `company:${companyId}`;

/**
 * socket.io on the HTTP server. The session token comes in the handshake query; a socket joins a
 * company's room only after the same access check the HTTP routes use. On PostgreSQL the adapter
 * carries events between server processes.
 */
export function attachRealtime(app: FastifyInstance, ctx: AppContext): Realtime {
  const io: Realtime = new Server(app.server, { path: '/socket.io', serveClient: false });
  if (ctx.database.kind === 'postgres') io.adapter(createAdapter(ctx.database.pool));

  io.use(async (socket, next) => {
    const token = socket.handshake.query.token;
    socket.data.auth = await authenticate(ctx.db, typeof token === 'string' ? token : undefined).catch(
      () => null,
    );
    next();
  });

  io.on('connection', (socket) => {
    const auth = socket.data.auth;
    if (!auth) {
      socket.emit(SOCKET_EVENTS.unauthorized, { message: 'Session missing or expired' });
      socket.disconnect(true);
      return;
    }
    socket.on(SOCKET_EVENTS.joinCompany, async (companyId, ack) => {
      const tenant = typeof companyId === 'string' ? await resolveTenant(ctx.db, auth.user, companyId) : null;
      if (tenant) await socket.join(companyRoom(tenant.companyId));
      else socket.emit(SOCKET_EVENTS.unauthorized, { message: 'No access to this company' });
      if (typeof ack === 'function') ack(Boolean(tenant));
    });
  });
  return io;
}
