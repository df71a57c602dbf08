import { SignJWT, jwtVerify } from 'jose';
import {
  MESSAGES,
  SESSION_TTL_DAYS,
  SIGNIN_TOKEN,
  safeRedirect,
  type CurrentUser,
  type TokenExchangeResponse,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { AppError, NotFound, Unauthorized } from '../../http/errors.ts';
import type { RequestAuth } from '../../http/guards.ts';
import { resolveTenant } from '../../http/tenant.ts';
import { createTrialCompany } from '../companies/companies.service.ts';
import {
  consumeSigninToken,
  findUserByEmail,
  findUserById,
  insertSession,
  insertSigninToken,
  insertUserIfNew,
  partnerAccountsOf,
  revokeSession,
  updateUser,
  type UserRow,
} from './auth.queries.ts';
import { hashToken, newToken } from './tokens.ts';

export const SIGNIN_LINK_JOB = 'auth.signin-link';

export interface SigninLinkJob {
  userId: string;
  purpose: 'signin' | 'verify';
  redirect?: string | undefined;
  companyId?: string | undefined;
}

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

async function enqueueSigninMail(ctx: AppContext, job: SigninLinkJob): Promise<void> {
  await ctx.queue.send(SIGNIN_LINK_JOB, job, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
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

async function verifyCaptcha(ctx: AppContext, token: string): Promise<boolean> {
  if (!ctx.config.recaptchaSecret) return true;
  if (!token) return false;
  const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
    method: 'POST',
    body: new URLSearchParams({ secret: ctx.config.recaptchaSecret, response: token }),
  }).catch(() => null);
  const body = (await res?.json().catch(() => null)) as { success?: boolean } | null;
  return body?.success === true;
}

/**
 * POST /trial: an existing person gets a sign-in mail and the answer 'email'; a new one gets a trial
 * company of their own and a mail to confirm the address, which signs them in.
 */
export async function trialSignup(
  ctx: AppContext,
  input: { managerEmail: string; recaptchaToken: string; timeZone?: string | undefined },
): Promise<{ result: 'email' | true }> {
  if (!(await verifyCaptcha(ctx, input.recaptchaToken))) {
    throw new AppError(400, 'captcha', 'We could not verify that you are human. Please try again.');
  }
  const existing = await findUserByEmail(ctx.db, input.managerEmail);
  if (existing) {
    await enqueueSigninMail(ctx, { userId: existing.id, purpose: 'signin' });
    return { result: 'email' };
  }
  const user = await insertUserIfNew(ctx.db, input.managerEmail);
  if (!user) {
    // Someone signed up with the same address a moment ago: treat as existing.
    return trialSignup(ctx, input);
  }
  const company = await createTrialCompany(ctx.db, user.id, user.email, input.timeZone);
  await enqueueSigninMail(ctx, { userId: user.id, companyId: company.id, purpose: 'verify' });
  return { result: true };
}

async function startSession(
  ctx: AppContext,
  userId: string,
  meta: ClientMeta,
  impersonatorId: string | null,
) {
  const token = newToken();
  await insertSession(ctx.db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: sessionExpiry(),
    impersonatorId,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip,
  });
  return token;
}

/** POST /auth/email/signin/{token}: a valid, unused, unexpired link becomes a session. */
export async function exchangeEmailToken(
  ctx: AppContext,
  token: string,
  meta: ClientMeta,
): Promise<TokenExchangeResponse> {
  const consumed = await consumeSigninToken(ctx.db, 'email', hashToken(token));
  if (!consumed) throw invalidLink();
  const sessionToken = await startSession(ctx, consumed.userId, meta, null);
  return { token: sessionToken, user: await currentUser(ctx, consumed.userId, null) };
}

function jwtKey(ctx: AppContext) {
  return new TextEncoder().encode(ctx.config.secretKey);
}

/** POST /admin/impersonate: a signed, single-use JWT link that signs the super-admin in as `email`. */
export async function impersonationLink(ctx: AppContext, superAdmin: RequestAuth, email: string) {
  const target = await findUserByEmail(ctx.db, email);
  if (!target || target.id === superAdmin.user.id) throw NotFound('No manager with this email.');
  const jti = newToken();
  await insertSigninToken(ctx.db, {
    userId: target.id,
    kind: 'jwt',
    tokenHash: hashToken(jti),
    expiresAt: minutesFromNow(SIGNIN_TOKEN.ttlMinutes),
    impersonatorId: superAdmin.user.id,
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
  if (!consumed || consumed.userId !== verified.payload.sub || !consumed.impersonatorId) throw invalidLink();
  const sessionToken = await startSession(ctx, consumed.userId, meta, consumed.impersonatorId);
  return { token: sessionToken, user: await currentUser(ctx, consumed.userId, consumed.impersonatorId) };
}

/** POST /auth/impersonation/end: close the impersonating session and return to the super-admin. */
export async function endImpersonation(ctx: AppContext, auth: RequestAuth, meta: ClientMeta) {
  if (!auth.impersonatorId) throw new AppError(400, 'not_impersonating', 'You are not impersonating anyone.');
  await revokeSession(ctx.db, auth.sessionId);
  const sessionToken = await startSession(ctx, auth.impersonatorId, meta, null);
  return { token: sessionToken, user: await currentUser(ctx, auth.impersonatorId, null) };
}

export async function signOut(ctx: AppContext, auth: RequestAuth): Promise<void> {
  await revokeSession(ctx.db, auth.sessionId);
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
