import { z } from 'zod';
import { hasFeature, integrationAllowed, type EntitlementInput } from './entitlements.ts';
import { hasNoControlCharacters, MESSAGES, safeRedirect, workEmail } from './validation.ts';
import { SSO_MESSAGES } from './messages.ts';

/**
 * Single sign-on with SAML 2.0 (spec 3 §2.5, §3, §4, §5): the Azure single sign-on page (tenant,
 * certificate, entity id, email domain, enabled) and a generic SAML identity provider (Okta, Google,
 * others) read from its metadata. A company has one identity provider; managers whose email is in its
 * domain sign in through it, and so can its employees in the learner app.
 */

/** Azure (Entra ID, the spec's azuresso) or any SAML 2.0 identity provider described by its metadata. */
export const SSO_PROVIDERS = ['azuresso', 'saml'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** Who a sign-in is for: a manager (the manager app) or an employee (the learner app). */
export const SSO_AUDIENCES = ['manager', 'employee'] as const;
export type SsoAudience = (typeof SSO_AUDIENCES)[number];

export const SSO_LIMITS = {
  /** Spec 3 §9: a certificate file under this many bytes must have a name ending 'cer'. */
  certFileThreshold: 5000,
  /** A certificate's text (PEM or Base64); a real one is 1–3 KB. */
  certMaxChars: 20_000,
  /** Metadata XML pasted or downloaded. */
  metadataMaxChars: 500_000,
} as const;

/** The file input's filter: spec 3 §5, only .cer. */
export const CERT_FILE_ACCEPT = '.cer';

/**
 * Spec 3 §5 certificate upload: only .cer, non-empty; a file under 5000 bytes must have a name ending
 * 'cer'. Null when the file may be read (the first acceptable one is read as text into cert).
 */
export function certificateFileProblem(file: { name: string; size: number }): string | null {
  if (file.size <= 0) return SSO_MESSAGES.certFileEmpty;
  if (file.size < SSO_LIMITS.certFileThreshold && !file.name.toLowerCase().endsWith('cer'))
    return SSO_MESSAGES.certFileType;
  return null;
}

/**
 * The Base64 body of a certificate given as PEM (`-----BEGIN CERTIFICATE-----`, Azure's "Certificate
 * (Base64)" download) or as bare Base64; null when the text is neither. Whether the bytes are an X.509
 * certificate the server checks.
 */
export function certificateBody(text: string): string | null {
  const pem = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(text);
  const body = (pem ? pem[1]! : text).replace(/\s+/g, '');
  if (body.length < 100 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  return body;
}

/** A lower-case DNS name with a dot: what follows the @ of the company's emails. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const emailDomain = z
  .string({ error: SSO_MESSAGES.domainInvalid })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ''))
  .refine((v) => DOMAIN.test(v), SSO_MESSAGES.domainInvalid);

export const domainOfEmail = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

const text = (max: number, message: string = MESSAGES.required) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters`)
    .refine(hasNoControlCharacters, MESSAGES.controlCharacters);

const enabledFlag = z.enum(['0', '1']);

const certificate = z
  .string({ error: SSO_MESSAGES.certRequired })
  .min(1, SSO_MESSAGES.certRequired)
  .max(SSO_LIMITS.certMaxChars, SSO_MESSAGES.certInvalid)
  .refine((v) => certificateBody(v) !== null, SSO_MESSAGES.certInvalid);

/** Spec 3 §5 Azure SSO: cert (Base64), appName (Entity ID), domain (emails domain), tenant required. */
export const AzureSsoSave = z.object({
  tenant: text(200).refine((v) => /^[A-Za-z0-9.-]+$/.test(v), SSO_MESSAGES.tenantInvalid),
  cert: certificate,
  appName: text(500, SSO_MESSAGES.appNameRequired),
  domain: emailDomain,
  enabled: enabledFlag,
});
export type AzureSsoSave = z.input<typeof AzureSsoSave>;

/**
 * A SAML identity provider from its metadata: a URL to download it from, or its XML pasted (neither
 * keeps the provider saved before). The entity id we present (appName) is optional: our metadata's
 * address by default.
 */
export const SamlSsoSave = z.object({
  metadataUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]).default(''),
  metadataXml: z.string().max(SSO_LIMITS.metadataMaxChars).default(''),
  appName: z.union([z.literal(''), text(500)]).default(''),
  domain: emailDomain,
  enabled: enabledFlag,
});
export type SamlSsoSave = z.input<typeof SamlSsoSave>;

/** What our side of the trust looks like: what the admin enters in the identity provider. */
export const ServiceProviderInfo = z.object({
  entityId: z.string(),
  acsUrl: z.string(),
  metadataUrl: z.string(),
});

/** The settings page's data (spec 3 §3 Azure single sign-on, plus the generic provider's fields). */
export const SsoSettings = z.object({
  /** The provider configured, or null when none is. */
  provider: z.enum(SSO_PROVIDERS).nullable(),
  tenant: z.string(),
  cert: z.string(),
  certInfo: z.object({ subject: z.string(), validTo: z.string(), fingerprint: z.string() }).nullable(),
  appName: z.string(),
  domain: z.string(),
  enabled: enabledFlag,
  idpEntityId: z.string(),
  ssoUrl: z.string(),
  metadataUrl: z.string(),
  needsUpgrade: z.boolean(),
  sp: ServiceProviderInfo,
});
export type SsoSettings = z.infer<typeof SsoSettings>;

/**
 * POST /auth/sso/start: where a person goes to sign in with their company's identity provider, found
 * by the email's domain or by the company (the learner app's shared assessment link names it).
 * `redirect` is a path of the app the person lands on afterwards (relative only).
 */
export const SsoStart = z.object({
  audience: z.enum(SSO_AUDIENCES),
  email: workEmail.optional(),
  companyId: z.uuid().optional(),
  redirect: z.string().max(500).optional(),
});
export type SsoStart = z.input<typeof SsoStart>;
export const SsoStartResponse = z.object({ redirect: z.string() });

export const SSO_ROUTES = {
  azuresso: '/companies/:id/integrations/azuresso',
  saml: '/companies/:id/integrations/saml',
  start: '/auth/sso/start',
  metadata: '/auth/saml/:companyId/metadata',
  acs: '/auth/saml/:companyId/acs',
} as const;

/** Single sign-on is in the plan: the feature and the Azure SSO integration (spec 3 §2.4, §6). */
export const ssoAvailable = (c: Pick<EntitlementInput, 'settings' | 'subscription'>): boolean =>
  hasFeature(c, 'sso') && integrationAllowed(c, 'azuresso');

/** A RelayState we accept: a path of our own app (`/…`), never an address elsewhere. */
export const isRelativeRelay = (value: string): boolean =>
  value.startsWith('/') && !value.startsWith('//') && safeRedirect(value, '') !== '';
