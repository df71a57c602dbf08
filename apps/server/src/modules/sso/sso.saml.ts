import { X509Certificate } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { domainOfEmail, EMAIL_PATTERN, isRelativeRelay, type SsoAudience } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import {
  claimAssertion,
  deleteSsoRequest,
  insertSsoRequest,
  liveSsoRequest,
  purgeExpiredAcrossCompanies,
  type SsoConnectionRow,
} from './sso.queries.ts';

/**
 * The SAML 2.0 protocol, on node-saml: the request we send and the checks a response passes. node-saml
 * verifies the signature against the pinned certificate (refusing a response with more than one
 * assertion, and reading only what the signature covers: no signature wrapping), the audience, the
 * validity window and InResponseTo against our request cache. It does not check the Destination, the
 * Recipient, the Issuer of a login response, a replayed assertion nor the email's domain (the
 * reference's list): those are checked here.
 */

/** A request waits this long for its answer (the sign-in page of the provider, MFA included). */
export const REQUEST_TTL_MS = 10 * 60_000;
/** Clocks of the provider and ours may differ by this much. */
const CLOCK_SKEW_MS = 60_000;
/** An assertion without an end is remembered (against replay) this long. */
const REPLAY_MIN_MS = 60 * 60_000;

const MICROSOFT_TENANT_CLAIM = 'http://schemas.microsoft.com/identity/claims/tenantid';
const EMAIL_CLAIMS = [
  'email',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
];

/** Our side of the trust for one company: what the provider is told and what it must answer to. */
export interface ServiceProvider {
  entityId: string;
  acsUrl: string;
}

/** Why a response was refused: the audit log keeps it; the person sees only that sign-in failed. */
export class SamlRefused extends Error {}

/** The request a sign-in waits on; node-saml's cache provider, kept in the database for every process. */
class RequestCache implements CacheProvider {
  /** The request the response answers, once node-saml looked it up. */
  found: { audience: SsoAudience; relay: string } | null = null;

  constructor(
    private readonly db: Db,
    private readonly scope: CompanyScope,
    private readonly pending: { audience: SsoAudience; relay: string } | null,
  ) {}

  async saveAsync(key: string, value: string) {
    if (!this.pending) throw new Error('No sign-in is being started');
    await insertSsoRequest(this.db, this.scope, {
      id: key,
      value,
      ...this.pending,
      expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
    });
    return { value, createdAt: Date.now() };
  }

  async getAsync(key: string) {
    const row = await liveSsoRequest(this.db, this.scope, key);
    if (!row) return null;
    this.found ??= { audience: row.audience, relay: row.relay };
    return row.value;
  }

  async removeAsync(key: string | null) {
    if (!key) return null;
    return (await deleteSsoRequest(this.db, this.scope, key))?.value ?? null;
  }
}

/** The PEM of a Base64 certificate body. */
export const certificatePem = (body: string) =>
  `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;

/** The certificate's subject, end and SHA-256 fingerprint; null when the bytes are not a certificate. */
export function certificateInfo(body: string) {
  try {
    const cert = new X509Certificate(Buffer.from(body, 'base64'));
    return {
      subject: cert.subject.replace(/\n/g, ', '),
      validTo: new Date(cert.validTo).toISOString(),
      fingerprint: cert.fingerprint256,
    };
  } catch {
    return null;
  }
}

function samlOf(connection: SsoConnectionRow, sp: ServiceProvider, cache: CacheProvider): SAML {
  return new SAML({
    entryPoint: connection.ssoUrl,
    issuer: connection.appName,
    audience: connection.appName,
    callbackUrl: sp.acsUrl,
    idpCert: certificatePem(connection.cert),
    idpIssuer: connection.idpEntityId,
    // Azure signs the assertion only, unless asked to sign the response too: either is accepted, the
    // assertion's signature always required.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: true,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: cache,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // The provider decides how the person proves who they are (password, MFA, Windows sign-in).
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The provider's sign-in address with a fresh request (HTTP-Redirect binding), remembered in the database. */
export async function authorizeUrl(
  db: Db,
  scope: CompanyScope,
  connection: SsoConnectionRow,
  sp: ServiceProvider,
  request: { audience: SsoAudience; relay: string },
): Promise<string> {
  const saml = samlOf(connection, sp, new RequestCache(db, scope, request));
  return saml.getAuthorizeUrlAsync(request.relay, undefined, {});
}

export interface SamlSignIn {
  email: string;
  name: string;
  audience: SsoAudience;
  relay: string;
  assertionId: string;
}

const parser = () => new DOMParser({ errorHandler: () => undefined });

function attributeOf(doc: Document, xpathExpr: string): string | null {
  const found = xpath.select(xpathExpr, doc) as Attr[] | Node[];
  const node = found[0] as Attr | undefined;
  return node ? (node.value ?? node.nodeValue ?? null) : null;
}

const claim = (profile: Profile, name: string): string | null => {
  const value = (profile as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
};

function emailOf(profile: Profile): string | null {
  const candidates = [...EMAIL_CLAIMS.map((c) => claim(profile, c)), profile.nameID];
  const email = candidates.find((c) => c && EMAIL_PATTERN.test(c.trim()));
  return email ? email.trim().toLowerCase() : null;
}

/**
 * Checks an identity provider's POSTed response for this company and answers who signed in, for
 * whom (manager or employee) and where to go; throws SamlRefused otherwise. The request it answers is
 * consumed whatever the outcome.
 */
export async function validateResponse(
  db: Db,
  scope: CompanyScope,
  connection: SsoConnectionRow,
  sp: ServiceProvider,
  form: { SAMLResponse: string; RelayState?: string | undefined },
): Promise<SamlSignIn> {
  await purgeExpiredAcrossCompanies(db);
  const cache = new RequestCache(db, scope, null);
  const saml = samlOf(connection, sp, cache);
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse }));
  } catch (err) {
    throw new SamlRefused(err instanceof Error ? err.message : 'Invalid response');
  }
  const request = cache.found;
  if (!profile || !request) throw new SamlRefused('No assertion');
  // Only a path of our own app comes back; where to go is the one our request kept.
  if (form.RelayState !== undefined && form.RelayState !== '' && !isRelativeRelay(form.RelayState))
    throw new SamlRefused('RelayState is not a relative path');

  // The Destination is on the response; the Recipient, the Issuer and the ID are read from the assertion
  // node-saml verified, never from the document around it.
  const response = parser().parseFromString(
    Buffer.from(form.SAMLResponse, 'base64').toString('utf8'),
    'text/xml',
  );
  const destination = attributeOf(
    response as unknown as Document,
    "/*[local-name()='Response']/@Destination",
  );
  if (destination !== sp.acsUrl) throw new SamlRefused(`Wrong Destination: ${destination ?? 'none'}`);
  const assertion = parser().parseFromString(
    profile.getAssertionXml?.() ?? '',
    'text/xml',
  ) as unknown as Document;
  const recipients = (
    xpath.select(
      "/*[local-name()='Assertion']/*[local-name()='Subject']/*[local-name()='SubjectConfirmation']/*[local-name()='SubjectConfirmationData']/@Recipient",
      assertion,
    ) as Attr[]
  ).map((a) => a.value);
  if (recipients.length === 0 || recipients.some((r) => r !== sp.acsUrl))
    throw new SamlRefused(`Wrong Recipient: ${recipients.join(', ') || 'none'}`);
  if (profile.issuer !== connection.idpEntityId) throw new SamlRefused(`Wrong Issuer: ${profile.issuer}`);
  if (connection.provider === 'azuresso' && /^[0-9a-f-]{36}$/i.test(connection.tenant)) {
    const tenant = claim(profile, MICROSOFT_TENANT_CLAIM);
    if (tenant?.toLowerCase() !== connection.tenant.toLowerCase())
      throw new SamlRefused(`Wrong tenant: ${tenant ?? 'none'}`);
  }
  const email = emailOf(profile);
  if (!email) throw new SamlRefused('No email in the assertion');
  if (domainOfEmail(email) !== connection.domain) throw new SamlRefused(`Email outside ${connection.domain}`);

  const assertionId = attributeOf(assertion, "/*[local-name()='Assertion']/@ID");
  if (!assertionId) throw new SamlRefused('Assertion without ID');
  const notOnOrAfter = attributeOf(
    assertion,
    "/*[local-name()='Assertion']/*[local-name()='Conditions']/@NotOnOrAfter",
  );
  const ends = Math.max(
    notOnOrAfter ? Date.parse(notOnOrAfter) + CLOCK_SKEW_MS : 0,
    Date.now() + REPLAY_MIN_MS,
  );
  if (!(await claimAssertion(db, scope, assertionId, new Date(ends))))
    throw new SamlRefused(`Assertion ${assertionId} used before`);

  const name =
    claim(profile, 'http://schemas.microsoft.com/identity/claims/displayname') ??
    claim(profile, 'displayName') ??
    '';
  return { email, name: name.slice(0, 100), ...request, assertionId };
}
