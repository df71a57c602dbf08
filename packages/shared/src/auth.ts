import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { timeZoneName } from './time-zones.ts';
import { hasNoControlCharacters, MESSAGES, workEmail } from './validation.ts';

/** POST /auth/email/manager_signin */
export const ManagerSigninRequest = z.object({
  email: workEmail,
  company_id: z.string().uuid().optional(),
  campaign_id: z.string().max(100).optional(),
  subject_id: z.string().max(100).optional(),
  redirect: z.string().max(2000).optional(),
  scope: z.string().max(50).optional(),
});
export type ManagerSigninRequest = z.input<typeof ManagerSigninRequest>;

/** Sign-in results: a redirect url (single sign-on), or a status. */
export const ManagerSigninResponse = z.union([
  z.object({ redirect: z.string() }),
  z.object({ status: z.literal('sent') }),
]);
export type ManagerSigninResponse = z.infer<typeof ManagerSigninResponse>;

/** POST /auth/checkEmail */
export const CheckEmailRequest = z.object({ email: workEmail });
export const CheckEmailResponse = z.object({ exists: z.boolean() });

/** POST /trial and /auth/manager/trial/new */
export const TrialSignupRequest = z.object({
  recaptchaToken: z.string().max(4000).optional().default(''),
  managerEmail: workEmail,
  /** The signing-up browser's time zone, the new company's default; one the server does not know is left out. */
  timeZone: timeZoneName.optional().catch(undefined),
});
export type TrialSignupRequest = z.input<typeof TrialSignupRequest>;
/** 'email' when the person exists and must sign in (a sign-in mail was sent); otherwise registered. */
export const TrialSignupResponse = z.object({ result: z.union([z.literal('email'), z.literal(true)]) });
export type TrialSignupResponse = z.infer<typeof TrialSignupResponse>;

export const PartnerAccountRef = z.object({ id: z.string(), name: z.string() });

/** GET /auth/user */
export const CurrentUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  created: z.string(),
  language: z.string(),
  permissions: z.array(z.string()),
  superForAccounts: z.array(PartnerAccountRef),
  isSuperAdmin: z.boolean(),
  /** Set while a super-admin acts as this user. */
  impersonatedBy: z.object({ email: z.string(), name: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** POST /auth/email/signin/{token} and /auth/jwt/signin/{token} */
export const TokenExchangeResponse = z.object({ token: z.string(), user: CurrentUser });
export type TokenExchangeResponse = z.infer<typeof TokenExchangeResponse>;

/** PUT /auth/user */
export const ProfileUpdate = z.object({
  name: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(LIMITS.nameMax)
    .refine(hasNoControlCharacters, MESSAGES.controlCharacters),
  language: z.string().min(2).max(10).optional(),
});
export type ProfileUpdate = z.input<typeof ProfileUpdate>;

/** POST /admin/impersonate — super-admins only. */
export const ImpersonateRequest = z.object({ email: workEmail });
export const ImpersonateResponse = z.object({ url: z.string() });

/**
 * POST /auth/impersonation/end — called with the super-admin's own session: ends the impersonations
 * started from it and answers the super-admin.
 */
export const EndImpersonationResponse = z.object({ user: CurrentUser });

/** GET /admin/impersonations — super-admins only: the audit of impersonations, newest first. */
export const ImpersonationEventsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const ImpersonationEvent = z.object({
  id: z.string(),
  action: z.enum(['start', 'end']),
  /** How an impersonation ended: by the super-admin, signed out from it, or with the super-admin's session. */
  reason: z.enum(['ended', 'signed_out', 'impersonator_signed_out']).nullable(),
  sessionId: z.string(),
  impersonator: z.object({ id: z.string().nullable(), email: z.string() }),
  target: z.object({ id: z.string().nullable(), email: z.string() }),
  ip: z.string().nullable(),
  at: z.string(),
});
export type ImpersonationEvent = z.infer<typeof ImpersonationEvent>;
export const ImpersonationEventsResponse = z.object({ events: z.array(ImpersonationEvent) });

/** POST /trial/verify/{token}: the confirmed sign-up's session and the trial company it opened. */
export const TrialVerifyResponse = TokenExchangeResponse.extend({ companyId: z.string() });
export type TrialVerifyResponse = z.infer<typeof TrialVerifyResponse>;

/** GET /trial/config: what the sign-up page needs (the reCAPTCHA site key when a secret is set). */
export const TrialConfig = z.object({ recaptchaSiteKey: z.string().nullable() });
export type TrialConfig = z.infer<typeof TrialConfig>;

/** The trial's texts that the spec does not give. */
export const TRIAL_MESSAGES = {
  captchaFailed: 'We could not verify that you are human. Please try again.',
  linkInvalid: 'This confirmation link is invalid, used or expired. Please sign up again.',
  starterList: 'My first list',
} as const;
/** A trial's confirmation link works once, for this many hours. */
export const TRIAL_VERIFY_TTL_HOURS = 24;
