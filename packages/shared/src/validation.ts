import { z } from 'zod';
import { LIMITS } from './constants.ts';

export const MESSAGES = {
  workEmail: 'Please enter your work email',
  required: 'You need to enter some information to save',
  notRegistered: 'The email is not registered in our system. Would you like to sign up?',
  profileUpdated: 'Your profile successful updated',
  emailResent: 'Email was re-sent',
  invalidLink: 'The link you tried to sign in with is not valid.',
  noData: 'No data',
  passMarkRange: 'Choose a whole percent from 0 to 100',
  timeZoneUnknown: 'Choose a time zone such as Europe/Berlin',
} as const;

/** A work email: standard pattern, at most 100 characters, stored lower-cased. */
export const workEmail = z
  .string({ error: MESSAGES.workEmail })
  .trim()
  .min(1, MESSAGES.workEmail)
  .max(LIMITS.emailMax, MESSAGES.workEmail)
  .pipe(z.email({ error: MESSAGES.workEmail }))
  .transform((e) => e.toLowerCase());

/** A path inside the app: relative only, so a sign-in link can never send someone elsewhere. */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value === '') return fallback;
  const withSlash = value.startsWith('/') ? value : `/${value}`;
  if (withSlash.startsWith('//') || withSlash.startsWith('/\\')) return fallback;
  return withSlash;
}

export const companyName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .min(
    LIMITS.companyNameMin,
    `Company name must be between ${LIMITS.companyNameMin} and ${LIMITS.companyNameMax} characters`,
  )
  .max(
    LIMITS.companyNameMax,
    `Company name must be between ${LIMITS.companyNameMin} and ${LIMITS.companyNameMax} characters`,
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
