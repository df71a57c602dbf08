import { TRIAL_MESSAGES, TRIAL_VERIFY_TTL_HOURS, type TrialVerifyResponse } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { resolveTenant } from '../../http/tenant.ts';
import { enqueue, MAIL_RETRY } from '../../jobs/jobs.ts';
import {
  enqueueSigninMail,
  findOrCreateUser,
  findUserByEmail,
  signInConfirmed,
  type ClientMeta,
} from '../auth/auth.service.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { companiesOfMember, createTrialCompany } from '../companies/companies.service.ts';
import { addUsersToList, createList } from '../employees/employees.service.ts';
import { consumeTrialSignup, insertTrialSignup } from './trial.queries.ts';

export const TRIAL_VERIFY_JOB = 'trial.verify-mail' as const;

/**
 * Google's siteverify answer (v2 and v3): `success`, and for v3 a `score` from 0 (a bot) to 1.
 * A v3 answer below this score is refused, the threshold Google's documentation starts from.
 */
const RECAPTCHA_MIN_SCORE = 0.5;

async function captchaPassed(ctx: AppContext, token: string, remoteIp: string | null): Promise<boolean> {
  const { recaptchaSecret, recaptchaVerifyUrl } = ctx.config;
  if (!recaptchaSecret) return true;
  if (!token) return false;
  const body = new URLSearchParams({ secret: recaptchaSecret, response: token });
  if (remoteIp) body.set('remoteip', remoteIp);
  const res = await fetch(recaptchaVerifyUrl, {
    method: 'POST',
    body,
    signal: AbortSignal.timeout(10_000),
  }).catch((err: unknown) => {
    ctx.log.warn({ err }, 'reCAPTCHA verification could not be reached');
    return null;
  });
  const answer = (await res?.json().catch(() => null)) as { success?: boolean; score?: number } | null;
  if (answer?.success !== true) return false;
  return answer.score === undefined || answer.score >= RECAPTCHA_MIN_SCORE;
}

/**
 * POST /trial: an existing person gets a sign-in mail and the answer 'email'; a new address gets a
 * mail with a one-time link to confirm it (answer true). Nothing is made before the link is used, so
 * nobody can open an account in another person's name.
 */
export async function trialSignup(
  ctx: AppContext,
  input: { managerEmail: string; recaptchaToken: string; timeZone?: string | undefined },
  remoteIp: string | null,
): Promise<{ result: 'email' | true }> {
  if (!(await captchaPassed(ctx, input.recaptchaToken, remoteIp))) {
    throw new AppError(400, 'captcha', TRIAL_MESSAGES.captchaFailed);
  }
  const existing = await findUserByEmail(ctx.db, input.managerEmail);
  if (existing) {
    await enqueueSigninMail(ctx, { userId: existing.id, purpose: 'signin' });
    return { result: 'email' };
  }
  await enqueue(ctx, TRIAL_VERIFY_JOB, { email: input.managerEmail, timeZone: input.timeZone }, MAIL_RETRY);
  return { result: true };
}

/** Makes the one-time confirmation link (the job calls it, so the raw token lives only in the mail). */
export async function newTrialLink(
  ctx: AppContext,
  email: string,
  timeZone: string | undefined,
): Promise<string> {
  const token = newToken();
  await insertTrialSignup(ctx.db, {
    email,
    tokenHash: hashToken(token),
    timeZone: timeZone ?? null,
    expiresAt: new Date(Date.now() + TRIAL_VERIFY_TTL_HOURS * 3_600_000),
  });
  return `${ctx.config.publicUrl}/trial/verify/${token}`;
}

/**
 * POST /trial/verify/{token}: the confirmed address becomes a manager with a trial company of their
 * own (admin), a starter list holding themselves, and a session. Someone who meanwhile belongs to a
 * company is only signed in.
 */
export async function verifyTrial(
  ctx: AppContext,
  token: string,
  meta: ClientMeta,
): Promise<TrialVerifyResponse> {
  const signup = await consumeTrialSignup(ctx.db, hashToken(token), new Date());
  if (!signup) throw new AppError(401, 'invalid_token', TRIAL_MESSAGES.linkInvalid);
  const user = await findOrCreateUser(ctx, signup.email, '');
  const member = await companiesOfMember(ctx.db, user.id);
  let companyId = member[0]?.company.id;
  if (!companyId) {
    const company = await createTrialCompany(ctx.db, user.id, user.email, signup.timeZone ?? undefined);
    companyId = company.id;
    const tenant = await resolveTenant(ctx.db, user, company.id);
    if (!tenant) throw new Error('The new trial company is not visible to its admin');
    const list = await createList(ctx.db, tenant, TRIAL_MESSAGES.starterList);
    await addUsersToList(ctx, tenant, list.id, { users: [{ email: user.email, name: user.name }] });
  }
  return { ...(await signInConfirmed(ctx, user.id, meta)), companyId };
}
