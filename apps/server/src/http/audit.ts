import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AuditActorKind } from '@vigil/shared';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/**
 * The audit log's one writer: every change (a POST, PUT, PATCH or DELETE under /api or /scim/v2 that
 * succeeded) made by a manager, partner admin, super-admin, API key or SCIM token is written here,
 * before the answer leaves, with who, what (method and route), the route's ids, when and from which
 * address. A route whose
 * change is a settings change declares `config: { auditBefore }`, a reader of the state it changes:
 * the hook reads it after the route's guards (before) and again once the change is made (after), so
 * both have one shape, a 204 has an after too, and a secret shown once in an answer (a new API key's
 * value, a webhook's signing secret) never reaches the log.
 * Nothing in the modules writes audit rows but through `recordSystemChange` below (changes no request
 * makes: a directory sync); nothing at all updates or deletes them (the table refuses).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    auditBefore?: (request: FastifyRequest) => Promise<unknown>;
  }
  interface FastifyRequest {
    auditBefore: unknown;
  }
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Sign-in and sign-out are the session's business, and employees' calls are not managers' changes. */
const NOT_AUDITED = ['/api/auth/', '/api/learner/'];

/** Who made a request's change (`system` is for changes no request makes: recordSystemChange). */
type Actor = { kind: Exclude<AuditActorKind, 'system'>; id: string; label: string };

function actorOf(request: FastifyRequest): Actor | null {
  if (request.apiKey) return { kind: 'api-key', id: request.apiKey.id, label: request.apiKey.name };
  if (request.scimToken) return { kind: 'scim', id: request.scimToken.id, label: request.scimToken.name };
  const auth = request.auth;
  if (!auth) return null;
  const via = request.tenant?.via ?? request.partner?.via;
  const kind =
    via === 'partner'
      ? 'partner'
      : via === 'superadmin' || (!via && auth.user.isSuperAdmin)
        ? 'superadmin'
        : 'manager';
  return { kind, id: auth.user.id, label: auth.user.email };
}

/** The manager app's and the public API's calls, and an identity provider's SCIM provisioning. */
const AUDITED = ['/api/', '/scim/v2/'];

function audited(request: FastifyRequest): boolean {
  const url = request.url;
  return (
    CHANGES.has(request.method) &&
    AUDITED.some((p) => url.startsWith(p)) &&
    !NOT_AUDITED.some((p) => url.startsWith(p))
  );
}

const stringParams = (params: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((params ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );

export function registerAuditLog(app: FastifyInstance): void {
  app.decorateRequest('auditBefore', null);
  // Runs after the route's own guards: its tenant is known when the state before is read.
  const readBefore: preHandlerHookHandler = async (request) => {
    const reader = request.routeOptions.config.auditBefore;
    if (reader) request.auditBefore = await reader(request);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.auditBefore) return;
    const own = route.preHandler;
    route.preHandler = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), readBefore];
  });
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (!audited(request) || reply.statusCode >= 400) return payload;
    const actor = actorOf(request);
    if (!actor) return payload;
    const reader = request.routeOptions.config.auditBefore;
    // A state that cannot be read again still leaves the row, with no after.
    const after = reader ? await reader(request).catch(() => null) : null;
    try {
      await app.ctx.db.insert(auditLog).values({
        companyId: request.tenant?.companyId ?? null,
        actorKind: actor.kind,
        actorId: actor.id,
        actorLabel: actor.label,
        action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        target: stringParams(request.params),
        status: reply.statusCode,
        ip: request.ip,
        before: reader ? (request.auditBefore ?? null) : null,
        after: after ?? null,
      });
    } catch (err) {
      request.log.error({ err }, 'audit log write failed');
    }
    return payload;
  });
}

/**
 * A change the server made on its own for a company (a directory sync, started by an admin or by the
 * nightly schedule): actor kind `system`, the job named as actor. Written in the caller's transaction,
 * so the record and the change commit together.
 */
export async function recordSystemChange(db: Db, entry: SystemChange): Promise<void> {
  await recordSystemChanges(db, [entry]);
}

export interface SystemChange {
  companyId: string;
  actor: string;
  label: string;
  action: string;
  target: Record<string, string>;
  after: unknown;
}

/** Several system changes in one statement (a directory sync's batch of groups). */
export async function recordSystemChanges(db: Db, entries: SystemChange[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      companyId: entry.companyId,
      actorKind: 'system' as const,
      actorId: entry.actor,
      actorLabel: entry.label,
      action: entry.action,
      target: entry.target,
      status: 200,
      ip: null,
      before: null,
      after: entry.after ?? null,
    })),
  );
}

/**
 * A single sign-on, accepted (the manager or employee as actor) or refused (kind `sso`, the claimed
 * identity or the provider as label, and why). Sign-ins are not changes, so the hook above skips them.
 */
export async function recordSignIn(
  db: Db,
  entry: {
    companyId: string;
    actor: { kind: 'manager' | 'employee' | 'sso'; id: string; label: string };
    action: string;
    ip: string | null;
    status: number;
    after: unknown;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    companyId: entry.companyId,
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    action: entry.action,
    target: { companyId: entry.companyId },
    status: entry.status,
    ip: entry.ip,
    before: null,
    after: entry.after ?? null,
  });
}
