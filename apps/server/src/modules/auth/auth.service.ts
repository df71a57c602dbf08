import { SignJWT, jwtVerify } from 'jose';
import {
  IMPERSONATION_TTL_MINUTES,
  MESSAGES,
  SESSION_TTL_DAYS,
  SIGNIN_TOKEN,
  safeRedirect,
  type CurrentUser,
  type ImpersonationEvent,
  type TokenExchangeResponse,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { enqueue, MAIL_RETRY, type JobPayload } from '../../jobs/jobs.ts';
import { AppError, Forbidden, NotFound, Unauthorized } from '../../http/errors.ts';
import type { RequestAuth } from '../../http/guards.ts';
import { resolveTenant } from '../../http/tenant.ts';
import {
  consumeSigninToken,
  findUserByEmail,
  findUserById,
  insertImpersonationEvent,
  insertSession,
  insertSigninToken,
  insertUserIfNew,
  listImpersonationEvents,
  partnerAccountsOf,
  revokeImpersonationsFrom,
  revokeSession,
  sessionIsLive,
  updateUser,
  type UserRow,
} from './auth.queries.ts';
import { hashToken, newToken } from './tokens.ts';

export const SIGNIN_LINK_JOB = 'auth.signin-link' as const;

export type SigninLinkJob = JobPayload<'auth.signin-link'>;

const JWT_AUDIENCE = 'vigil:impersonation';
const invalidLink = () => new AppError(401, 'invalid_token', MESSAGES.invalidLink);

export interface ClientMeta {
  userAgent: string | null;
  ip: string | null;
}

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);
export const sessionExpiry = () => new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000);

/** A fresh single-use sign-in link for a manager; only its hash is stored. */
export async function createSigninLink(ctx: AppContext, userId: string, redirect?: string): Promise<string> {
  const token = newToken();
  await insertSigninToken(ctx.db, {
    userId,
    kind: 'email',
    tokenHash: hashToken(token),
    expiresAt: minutesFromNow(SIGNIN_TOKEN.ttlMinutes),
  });
  const query =
    redirect && safeRedirect(redirect) !== '/'
      ? `?redirect=${encodeURIComponent(safeRedirect(redirect))}`
      : '';
  return `${ctx.config.publicUrl}/auth/email/signin/${token}${query}`;
}

/** Mails the person a fresh sign-in link (through a job, never inside the request). */
export async function enqueueSigninMail(ctx: AppContext, job: SigninLinkJob): Promise<void> {
  await enqueue(ctx, SIGNIN_LINK_JOB, job, MAIL_RETRY);
}

/** POST /auth/email/manager_signin */
export async function requestManagerSignin(
  ctx: AppContext,
  input: { email: string; redirect?: string | undefined; company_id?: string | undefined },
): Promise<{ status: 'sent' }> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw new AppError(404, 'not_registered', MESSAGES.notRegistered);
  await enqueueSigninMail(ctx, {
    userId: user.id,
    redirect: input.redirect ? safeRedirect(input.redirect) : undefined,
    companyId: input.company_id,
    purpose: 'signin',
  });
  return { status: 'sent' };
}

/** POST /auth/checkEmail */
export async function emailExists(ctx: AppContext, email: string): Promise<boolean> {
  return Boolean(await findUserByEmail(ctx.db, email));
}

interface SessionStart {
  userId: string;
  meta: ClientMeta;
  /** For an impersonation: the super-admin and the session of theirs it hangs on. */
  impersonation?: { impersonatorId: string; impersonatorSessionId: string };
}

async function startSession(ctx: AppContext, start: SessionStart) {
  const token = newToken();
  const session = await insertSession(ctx.db, {
    userId: start.userId,
    tokenHash: hashToken(token),
    // Impersonations are short and never renewed; other sessions are renewed on use.
    expiresAt: start.impersonation ? minutesFromNow(IMPERSONATION_TTL_MINUTES) : sessionExpiry(),
    impersonatorId: start.impersonation?.impersonatorId ?? null,
    impersonatorSessionId: start.impersonation?.impersonatorSessionId ?? null,
    userAgent: start.meta.userAgent?.slice(0, 300) ?? null,
    ip: start.meta.ip,
  });
  return { token, sessionId: session.id };
}

/** A new session for a person whose email another proof just confirmed (a trial's verify link). */
export async function signInConfirmed(
  ctx: AppContext,
  userId: string,
  meta: ClientMeta,
): Promise<TokenExchangeResponse> {
  const session = await startSession(ctx, { userId, meta });
  return { token: session.token, user: await currentUser(ctx, userId, null) };
}

/** POST /auth/email/signin/{token}: a valid, unused, unexpired link becomes a session. */
export async function exchangeEmailToken(
  ctx: AppContext,
  token: string,
  meta: ClientMeta,
): Promise<TokenExchangeResponse> {
  const consumed = await consumeSigninToken(ctx.db, 'email', hashToken(token));
  if (!consumed) throw invalidLink();
  const session = await startSession(ctx, { userId: consumed.userId, meta });
  return { token: session.token, user: await currentUser(ctx, consumed.userId, null) };
}

function jwtKey(ctx: AppContext) {
  return new TextEncoder().encode(ctx.config.secretKey);
}

/**
 * POST /admin/impersonate: a signed, single-use JWT link that signs the super-admin in as `email`,
 * for as long as the super-admin's own session (the one asking) lives.
 */
export async function impersonationLink(ctx: AppContext, superAdmin: RequestAuth, email: string) {
  if (superAdmin.impersonatorId) throw Forbidden('Return to your own account to impersonate someone else.');
  const target = await findUserByEmail(ctx.db, email);
  if (!target || target.id === superAdmin.user.id) throw NotFound('No manager with this email.');
  const jti = newToken();
  await insertSigninToken(ctx.db, {
    userId: target.id,
    kind: 'jwt',
    tokenHash: hashToken(jti),
    expiresAt: minutesFromNow(SIGNIN_TOKEN.ttlMinutes),
    impersonatorId: superAdmin.user.id,
    impersonatorSessionId: superAdmin.sessionId,
  });
  const jwt = await new SignJWT({ imp: superAdmin.user.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(target.id)
    .setJti(jti)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SIGNIN_TOKEN.ttlMinutes}m`)
    .sign(jwtKey(ctx));
  return { url: `${ctx.config.publicUrl}/auth/jwt/signin/${jwt}` };
}

/** POST /auth/jwt/signin/{token}: a valid impersonation JWT, used once, becomes a marked session. */
export async function exchangeJwtToken(
  ctx: AppContext,
  token: string,
  meta: ClientMeta,
): Promise<TokenExchangeResponse> {
  const verified = await jwtVerify(token, jwtKey(ctx), {
    audience: JWT_AUDIENCE,
    algorithms: ['HS256'],
  }).catch(() => null);
  const jti = verified?.payload.jti;
  if (!verified || !jti) throw invalidLink();
  const consumed = await consumeSigninToken(ctx.db, 'jwt', hashToken(jti));
  const { impersonatorId, impersonatorSessionId } = consumed ?? {};
  if (!consumed || consumed.userId !== verified.payload.sub || !impersonatorId || !impersonatorSessionId) {
    throw invalidLink();
  }
  // The super-admin signed out since asking for the link.
  if (!(await sessionIsLive(ctx.db, impersonatorSessionId))) throw invalidLink();
  const session = await startSession(ctx, {
    userId: consumed.userId,
    meta,
    impersonation: { impersonatorId, impersonatorSessionId },
  });
  await insertImpersonationEvent(ctx.db, {
    action: 'start',
    sessionId: session.sessionId,
    impersonatorId,
    targetId: consumed.userId,
    ip: meta.ip,
  });
  return { token: session.token, user: await currentUser(ctx, consumed.userId, impersonatorId) };
}

type EndReason = 'ended' | 'signed_out' | 'impersonator_signed_out';

async function recordEnds(
  ctx: AppContext,
  ended: Array<{ id: string; userId: string; impersonatorId: string | null }>,
  reason: EndReason,
  meta: ClientMeta,
) {
  for (const session of ended) {
    if (!session.impersonatorId) continue;
    await insertImpersonationEvent(ctx.db, {
      action: 'end',
      reason,
      sessionId: session.id,
      impersonatorId: session.impersonatorId,
      targetId: session.userId,
      ip: meta.ip,
    });
  }
}

/**
 * POST /auth/impersonation/end, with the super-admin's own session: ends the impersonations started
 * from it. An impersonation session cannot end itself into the super-admin's account; it can only
 * sign out.
 */
export async function endImpersonation(ctx: AppContext, superAdmin: RequestAuth, meta: ClientMeta) {
  if (superAdmin.impersonatorId) {
    throw Forbidden("Ending an impersonation needs the super-admin's own session.");
  }
  await recordEnds(ctx, await revokeImpersonationsFrom(ctx.db, superAdmin.sessionId), 'ended', meta);
  return { user: await currentUser(ctx, superAdmin.user.id, null) };
}

/** Signing out ends the session, and with a super-admin's session every impersonation started from it. */
export async function signOut(ctx: AppContext, auth: RequestAuth, meta: ClientMeta): Promise<void> {
  const revoked = await revokeSession(ctx.db, auth.sessionId);
  if (revoked) await recordEnds(ctx, [revoked], 'signed_out', meta);
  const impersonations = await revokeImpersonationsFrom(ctx.db, auth.sessionId);
  await recordEnds(ctx, impersonations, 'impersonator_signed_out', meta);
}

/** GET /admin/impersonations: the audit of impersonations, newest first. */
export async function impersonationAudit(
  ctx: AppContext,
  query: { page: number; pageSize: number },
): Promise<{ events: ImpersonationEvent[] }> {
  const rows = await listImpersonationEvents(ctx.db, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    events: rows.map((row) => ({
      id: row.id,
      action: row.action,
      reason: row.reason,
      sessionId: row.sessionId,
      impersonator: { id: row.impersonatorId, email: row.impersonatorEmail },
      target: { id: row.targetId, email: row.targetEmail },
      ip: row.ip,
      at: row.createdAt.toISOString(),
    })),
  };
}

function presentUser(
  user: UserRow,
  extra: Pick<CurrentUser, 'permissions' | 'superForAccounts' | 'impersonatedBy'>,
): CurrentUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    created: user.createdAt.toISOString(),
    language: user.language,
    isSuperAdmin: user.isSuperAdmin,
    ...extra,
  };
}

/** GET /auth/user: permissions are those in the company the client acts on, when it names one. */
export async function currentUser(
  ctx: AppContext,
  userId: string,
  impersonatorId: string | null,
  companyId?: string,
): Promise<CurrentUser> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw Unauthorized();
  const [accounts, tenant, impersonator] = await Promise.all([
    partnerAccountsOf(ctx.db, userId),
    companyId ? resolveTenant(ctx.db, user, companyId) : null,
    impersonatorId ? findUserById(ctx.db, impersonatorId) : undefined,
  ]);
  return presentUser(user, {
    permissions: tenant?.permissions ?? [],
    superForAccounts: accounts,
    impersonatedBy: impersonator ? { email: impersonator.email, name: impersonator.name } : null,
  });
}

export async function updateProfile(
  ctx: AppContext,
  auth: RequestAuth,
  input: { name: string; language?: string | undefined },
  companyId?: string,
): Promise<CurrentUser> {
  await updateUser(ctx.db, auth.user.id, input);
  return currentUser(ctx, auth.user.id, auth.impersonatorId, companyId);
}

/**
 * The manager with this email, made when there is none yet (named `name`, or keeping the name they
 * gave themselves).
 */
export async function findOrCreateUser(ctx: AppContext, email: string, name: string): Promise<UserRow> {
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (existing.name) return existing;
    return (await updateUser(ctx.db, existing.id, { name })) ?? existing;
  }
  // Someone else may add the same address a moment ago: then theirs is the one.
  const created = await insertUserIfNew(ctx.db, email, name);
  return created ?? findOrCreateUser(ctx, email, name);
}

// Used by other modules: users and sessions, which belong to no company.
export { findLiveSession, findUserByEmail, findUserById, touchSession } from './auth.queries.ts';
