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
  controlCharacters: 'Text can not contain control characters',
  passMarkRange: 'Choose a whole percent from 0 to 100',
  timeZoneUnknown: 'Choose a time zone such as Europe/Berlin',
} as const;

/**
 * C0 and C1 control characters and DEL (NUL among them, which PostgreSQL cannot store): never part of
 * a name, an email or any other single-line text people type.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

/** The one text rule: true when a single-line text holds no control character. */
export const hasNoControlCharacters = (text: string): boolean => !CONTROL_CHARACTER.test(text);

/**
 * The standard email pattern every email is checked with (import, manual add, sign-in and every
 * form): zod's, the one `z.email()` applies. It refuses spaces, control characters and markup.
 */
export const EMAIL_PATTERN = z.regexes.email;

/** A work email with its form's message: standard pattern, at most 100 characters, stored lower-cased. */
export const workEmailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(LIMITS.emailMax, message)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: message }))
    .transform((e) => e.toLowerCase());

/** A work email: standard pattern, at most 100 characters, stored lower-cased. */
export const workEmail = workEmailField(MESSAGES.workEmail);

/** Any origin: only whether a parsed target keeps it matters, never what it is. */
const REDIRECT_BASE = 'https://vigil.invalid';

/**
 * The WHATWG URL parser, which every runtime of this package has (browsers, Node.js); typed here
 * because the package is checked without DOM or Node types.
 */
const { URL: WhatwgUrl } = globalThis as unknown as {
  URL: new (url: string, base: string) => { origin: string; pathname: string; search: string; hash: string };
};

/**
 * A redirect target kept inside the app: the value is parsed as a browser would (which drops tabs
 * and line breaks and reads `\\` as `/`) against our origin, and only a path on that origin is
 * kept, as path, query and fragment. Anything else, such as `/\t/evil.example`, gives `fallback`.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value === '') return fallback;
  const keepsOrigin = (path: string) => {
    try {
      return new WhatwgUrl(path, REDIRECT_BASE).origin === REDIRECT_BASE;
    } catch {
      return false;
    }
  };
  const withSlash = value.startsWith('/') ? value : `/${value}`;
  if (!keepsOrigin(withSlash)) return fallback;
  const target = new WhatwgUrl(withSlash, REDIRECT_BASE);
  const path = `${target.pathname}${target.search}${target.hash}`;
  // A path normalised into `//host` would leave the origin when used as a link.
  return path.startsWith('/') && !path.startsWith('//') && keepsOrigin(path) ? path : fallback;
}

/**
 * A company's name (spec 3: required, 4 to 150 characters), wherever it is typed: the company form,
 * rename, the partner's company subscription form (which says its own 'required' text).
 */
export const companyNameRule = (required: string = MESSAGES.required) =>
  z
    .string({ error: required })
    .trim()
    // An empty name says only what it needs, not also the length rule.
    .min(1, { error: required, abort: true })
    .min(
      LIMITS.companyNameMin,
      `Company name must be between ${LIMITS.companyNameMin} and ${LIMITS.companyNameMax} characters`,
    )
    .max(
      LIMITS.companyNameMax,
      `Company name must be between ${LIMITS.companyNameMin} and ${LIMITS.companyNameMax} characters`,
    )
    .refine(hasNoControlCharacters, MESSAGES.controlCharacters);

export const companyName = companyNameRule();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
