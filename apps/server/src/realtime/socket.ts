import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@vigil/shared';
import { SOCKET_EVENTS } from '@vigil/shared';
import type { AppContext } from '../context.ts';
import type { RequestAuth } from '../http/guards.ts';
import { authenticate } from '../http/session-hook.ts';
import { resolveTenant } from '../http/tenant.ts';
import { companyRoom } from '../lib/rooms.ts';
import { companyOfSync, syncRoom } from '../modules/directory/directory.service.ts';

interface SocketData {
  auth: RequestAuth | null;
}

export type Realtime = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeHandle {
  io: Realtime;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The adapter keeps one connection LISTENing for the life of the server. It gets a pool of its own so
 * that shutting down can end that connection for certain: the adapter loses track of it when it is
 * closed while still connecting, and a pool with a connection checked out never ends.
 */
function postgresAdapterPool(connectionString: string) {
  const pool = new pg.Pool({ connectionString, max: 3 });
  const clients = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    clients.add(client as pg.PoolClient);
    // A connection ended from the server side (a restart) must not crash the process.
    client.on('error', () => undefined);
  });
  pool.on('remove', (client) => clients.delete(client as pg.PoolClient));
  return {
    pool,
    /** Waits (bounded) until no connection is still being opened, so the adapter can release it. */
    async settle() {
      for (let i = 0; i < 50 && (pool.totalCount > clients.size || pool.waitingCount > 0); i++)
        await pause(100);
      await pause(50);
    },
    async end() {
      for (const client of clients) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
      }
      await pool.end().catch(() => undefined);
    },
  };
}

/**
 * socket.io on the HTTP server. The session token comes in the handshake query; a socket joins a
 * company's room only after the same access check the HTTP routes use. On PostgreSQL the adapter
 * carries events between server processes.
 */
export function attachRealtime(app: FastifyInstance, ctx: AppContext): RealtimeHandle {
  const io: Realtime = new Server(app.server, { path: '/socket.io', serveClient: false });
  const adapterPool =
    ctx.database.kind === 'postgres' ? postgresAdapterPool(ctx.database.connectionString) : null;
  if (adapterPool)
    io.adapter(
      createAdapter(adapterPool.pool, { errorHandler: (err) => ctx.log.warn({ err }, 'realtime adapter') }),
    );

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
    // A directory sync's progress (spec 3 §7): only for a user who can see the sync's company.
    socket.on(SOCKET_EVENTS.integrationJoin, async (syncId, ack) => {
      const companyId = typeof syncId === 'string' ? await companyOfSync(ctx.db, syncId) : null;
      const tenant = companyId ? await resolveTenant(ctx.db, auth.user, companyId) : null;
      if (tenant) await socket.join(syncRoom(syncId));
      else socket.emit(SOCKET_EVENTS.unauthorized, { message: 'No access to this sync' });
      if (typeof ack === 'function') ack(Boolean(tenant));
    });
  });
  ctx.realtime = io;
  return {
    io,
    async close() {
      if (ctx.realtime === io) ctx.realtime = undefined;
      io.disconnectSockets(true);
      await adapterPool?.settle();
      await io.close();
      await adapterPool?.end();
    },
  };
}
