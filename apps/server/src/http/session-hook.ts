import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { findLiveSession, sessionExpiry, touchSession } from '../modules/auth/auth.service.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import type { RequestAuth } from './guards.ts';

/** Sessions are extended on use, at most once per this interval, to keep writes rare. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

/** The signed-in manager behind a bearer token, or null for a missing, expired or revoked one. */
export async function authenticate(db: Db, token: string | undefined): Promise<RequestAuth | null> {
  if (!token || token.length > 200) return null;
  const session = await findLiveSession(db, hashToken(token));
  if (!session) return null;
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    // Impersonation sessions keep the end they were given.
    await touchSession(db, session.sessionId, session.impersonatorId ? undefined : sessionExpiry());
  }
  return { sessionId: session.sessionId, user: session.user, impersonatorId: session.impersonatorId };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Direct downloads (a link the browser opens, spec 2 §7) carry the session token in the query; only
 * GET routes that declare `config: { queryToken: true }` accept it.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    queryToken?: boolean;
  }
}

function queryToken(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' || !request.routeOptions.config?.queryToken) return undefined;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
}

export function registerSessionHook(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (request) => {
    // Learner calls carry an employee's link token, which the learner guard checks instead; public API
    // calls carry an API key (http/api-key.ts).
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/learner/') || url.startsWith('/api/v1/')) return;
    request.auth = await authenticate(
      app.ctx.db,
      bearerToken(request.headers.authorization) ?? queryToken(request),
    );
  });
}
