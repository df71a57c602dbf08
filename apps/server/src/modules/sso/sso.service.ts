import {
  certificateBody,
  COMPANY_SETTINGS,
  domainOfEmail,
  learnerLink,
  safeRedirect,
  SSO_LIMITS,
  SSO_MESSAGES,
  ssoAvailable,
  type AzureSsoSave,
  type SsoSettings,
  type SsoStart,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recordSignIn } from '../../http/audit.ts';
import { AppError, Invalid, NotFound } from '../../http/errors.ts';
import { publicScope } from '../../http/guards.ts';
import { resolveTenant, type TenantContext } from '../../http/tenant.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import { loadEntitlementInput, notInPlan } from '../../lib/entitlements.ts';
import { fetchOutboundText } from '../../lib/outbound-target.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { createSigninLink, findUserByEmail } from '../auth/auth.service.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { insertLearnerToken } from '../campaigns/campaigns.service.ts';
import { mergeCompanySettings } from '../companies/companies.service.ts';
import { employeesByEmails } from '../employees/employees.service.ts';
import { parseIdpMetadata, serviceProviderMetadata } from './sso.metadata.ts';
import {
  domainTakenByOther,
  enabledConnectionByDomainAcrossCompanies,
  saveSsoConnection,
  ssoConnectionOf,
  type SsoConnectionRow,
  type SsoConnectionValues,
} from './sso.queries.ts';
import {
  authorizeUrl,
  certificateInfo,
  SamlRefused,
  validateResponse,
  type ServiceProvider,
} from './sso.saml.ts';

/** The parsed forms (defaults filled in). */
type AzureSsoInput = Required<AzureSsoSave>;
interface SamlSsoInput {
  metadataUrl: string;
  metadataXml: string;
  appName: string;
  domain: string;
  enabled: '0' | '1';
}

const METADATA_TIMEOUT_MS = 10_000;

/** Our endpoints for a company; the entity id is the one the admin gave, else our metadata's address. */
export function serviceProviderOf(
  ctx: AppContext,
  companyId: string,
  appName?: string,
): ServiceProvider & {
  metadataUrl: string;
} {
  const base = `${ctx.config.publicUrl}/api/auth/saml/${companyId}`;
  return { entityId: appName || `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` };
}

async function planAllowsSso(db: Db, scope: CompanyScope): Promise<boolean> {
  const input = await loadEntitlementInput(db, scope);
  return input ? ssoAvailable(input) : true;
}

/** GET the settings page's data: the same for the Azure page and the generic one. */
export async function ssoSettings(ctx: AppContext, scope: CompanyScope): Promise<SsoSettings> {
  const [connection, allowed] = await Promise.all([
    ssoConnectionOf(ctx.db, scope),
    planAllowsSso(ctx.db, scope),
  ]);
  const sp = serviceProviderOf(ctx, scope.companyId, connection?.appName);
  return {
    provider: connection?.provider ?? null,
    tenant: connection?.tenant ?? '',
    cert: connection?.cert ?? '',
    certInfo: connection ? certificateInfo(connection.cert) : null,
    appName: connection?.appName ?? '',
    domain: connection?.domain ?? '',
    enabled: connection?.enabled ? '1' : '0',
    idpEntityId: connection?.idpEntityId ?? '',
    ssoUrl: connection?.ssoUrl ?? '',
    metadataUrl: connection?.metadataUrl ?? '',
    needsUpgrade: !allowed,
    sp,
  };
}

/** What the integrations overview shows of single sign-on. */
export async function ssoCardState(db: Db, scope: CompanyScope) {
  const connection = await ssoConnectionOf(db, scope);
  return { provider: connection?.provider ?? null, enabled: connection?.enabled ?? false };
}

/**
 * A company may claim only its own admin's email domain, and a domain only one company: otherwise one
 * company's identity provider could sign in another company's managers (their users are shared).
 */
async function checkDomain(db: Db, tenant: TenantContext, domain: string, adminEmail: string) {
  if (domainOfEmail(adminEmail) !== domain) throw Invalid([SSO_MESSAGES.domainNotYours]);
  if (await domainTakenByOther(db, tenant, domain)) throw Invalid([SSO_MESSAGES.domainTaken]);
}

function checkedCertificate(text: string): string {
  const body = certificateBody(text);
  if (!body || !certificateInfo(body)) throw Invalid([SSO_MESSAGES.certInvalid]);
  return body;
}

async function save(ctx: AppContext, tenant: TenantContext, values: SsoConnectionValues) {
  if (!(await planAllowsSso(ctx.db, tenant))) throw notInPlan('sso');
  if (!(await saveSsoConnection(ctx.db, tenant, values))) throw Invalid([SSO_MESSAGES.domainTaken]);
  // Spec 1 §3 ui.sso.configured: the reports hide deleting employees, the access links carry sso=1.
  await mergeCompanySettings(ctx.db, tenant.companyId, {
    [COMPANY_SETTINGS.ssoConfigured]: values.enabled ? '1' : '0',
  });
  companyChanged(tenant.companyId);
  return ssoSettings(ctx, tenant);
}

/** PUT the Azure single sign-on page (spec 3 §5): Microsoft's endpoints follow from the tenant. */
export async function saveAzureSso(
  ctx: AppContext,
  tenant: TenantContext,
  input: AzureSsoInput,
  adminEmail: string,
): Promise<SsoSettings> {
  const cert = checkedCertificate(input.cert);
  await checkDomain(ctx.db, tenant, input.domain, adminEmail);
  return save(ctx, tenant, {
    provider: 'azuresso',
    tenant: input.tenant,
    idpEntityId: `https://sts.windows.net/${input.tenant}/`,
    ssoUrl: `${ctx.config.directory.microsoftLoginUrl}/${input.tenant}/saml2`,
    cert,
    appName: input.appName,
    domain: input.domain,
    metadataUrl: '',
    enabled: input.enabled === '1',
  });
}

/** PUT the generic provider: its metadata (downloaded or pasted) gives the issuer, address and certificate. */
export async function saveSamlSso(
  ctx: AppContext,
  tenant: TenantContext,
  input: SamlSsoInput,
  adminEmail: string,
): Promise<SsoSettings> {
  const metadata = await samlMetadataOf(ctx, tenant, input);
  await checkDomain(ctx.db, tenant, input.domain, adminEmail);
  return save(ctx, tenant, {
    provider: 'saml',
    tenant: '',
    idpEntityId: metadata.entityId,
    ssoUrl: metadata.ssoUrl,
    cert: metadata.cert,
    appName: input.appName || serviceProviderOf(ctx, tenant.companyId).entityId,
    domain: input.domain,
    metadataUrl: metadata.url,
    enabled: input.enabled === '1',
  });
}

/**
 * The provider's metadata: pasted, downloaded from its URL, or (neither given, the enabled switch
 * flipped) the provider saved before.
 */
async function samlMetadataOf(ctx: AppContext, tenant: TenantContext, input: SamlSsoInput) {
  const pasted = input.metadataXml.trim();
  if (!pasted && !input.metadataUrl) {
    const saved = await ssoConnectionOf(ctx.db, tenant);
    if (saved?.provider !== 'saml') throw Invalid([SSO_MESSAGES.metadataRequired]);
    return { entityId: saved.idpEntityId, ssoUrl: saved.ssoUrl, cert: saved.cert, url: saved.metadataUrl };
  }
  const xml =
    pasted ||
    (await fetchOutboundText(input.metadataUrl, {
      allowPrivate: ctx.config.webhookAllowPrivate,
      maxChars: SSO_LIMITS.metadataMaxChars,
      timeoutMs: METADATA_TIMEOUT_MS,
    }).catch((err: unknown) => {
      throw Invalid([`${SSO_MESSAGES.metadataUnreachable}: ${err instanceof Error ? err.message : ''}`]);
    }));
  const metadata = parseIdpMetadata(xml);
  if (!metadata || !certificateInfo(metadata.cert)) throw Invalid([SSO_MESSAGES.metadataInvalid]);
  return { ...metadata, url: pasted ? '' : input.metadataUrl };
}

/** The company's enabled identity provider, within its plan; null otherwise. */
async function usableConnection(db: Db, scope: CompanyScope): Promise<SsoConnectionRow | null> {
  const connection = await ssoConnectionOf(db, scope);
  if (!connection?.enabled || !(await planAllowsSso(db, scope))) return null;
  return connection;
}

/**
 * Where a person signing in goes: the identity provider of the company that has their email's domain
 * (or of the company named), with a fresh request; null when no single sign-on applies.
 */
export async function ssoRedirectFor(ctx: AppContext, input: SsoStart): Promise<string | null> {
  let companyId = input.companyId;
  if (!companyId) {
    if (!input.email) return null;
    const byDomain = await enabledConnectionByDomainAcrossCompanies(ctx.db, domainOfEmail(input.email));
    if (!byDomain) return null;
    companyId = byDomain.companyId;
  }
  const scope = publicScope(companyId, 'sso.start');
  const connection = await usableConnection(ctx.db, scope);
  if (!connection) return null;
  const relay = safeRedirect(input.redirect);
  return authorizeUrl(ctx.db, scope, connection, serviceProviderOf(ctx, companyId, connection.appName), {
    audience: input.audience,
    relay,
  });
}

/** POST /auth/sso/start */
export async function startSso(ctx: AppContext, input: SsoStart): Promise<{ redirect: string }> {
  const redirect = await ssoRedirectFor(ctx, input);
  if (!redirect) throw NotFound(SSO_MESSAGES.noSso);
  return { redirect };
}

/** GET our metadata (for the identity provider's admin to upload). */
export async function metadataOf(ctx: AppContext, companyId: string): Promise<string> {
  const connection = await ssoConnectionOf(ctx.db, publicScope(companyId, 'sso.metadata'));
  return serviceProviderMetadata(serviceProviderOf(ctx, companyId, connection?.appName));
}

const refused = (message: string) => new AppError(403, 'sso_refused', message);

/**
 * POST the identity provider's answer to our ACS: checked (sso.saml.ts), then the person it names is
 * signed in where they asked — a manager of this company gets a one-time sign-in link of the manager
 * app, an employee a learner link — and the audit log has the sign-in, or the refusal and why.
 */
export async function completeSso(
  ctx: AppContext,
  companyId: string,
  form: { SAMLResponse: string; RelayState?: string | undefined },
  ip: string | null,
): Promise<string> {
  const scope = publicScope(companyId, 'sso.acs');
  const connection = await usableConnection(ctx.db, scope);
  if (!connection) throw NotFound(SSO_MESSAGES.notConfigured);
  const audit = (actor: Parameters<typeof recordSignIn>[1]['actor'], status: number, after: unknown) =>
    recordSignIn(ctx.db, {
      companyId,
      actor,
      action: 'POST /api/auth/saml/:companyId/acs',
      ip,
      status,
      after,
    });
  const sp = serviceProviderOf(ctx, companyId, connection.appName);
  let signIn;
  try {
    signIn = await validateResponse(ctx.db, scope, connection, sp, form);
  } catch (err) {
    if (!(err instanceof SamlRefused)) throw err;
    await audit({ kind: 'sso', id: connection.idpEntityId, label: connection.idpEntityId }, 403, {
      reason: err.message,
    });
    throw refused(SSO_MESSAGES.failed);
  }
  const claimed = { kind: 'sso' as const, id: signIn.email, label: signIn.email };
  if (signIn.audience === 'manager') {
    const user = await findUserByEmail(ctx.db, signIn.email);
    const tenant = user ? await resolveTenant(ctx.db, user, companyId) : null;
    if (!user || tenant?.via !== 'membership') {
      await audit(claimed, 403, { reason: SSO_MESSAGES.notManager, audience: 'manager' });
      throw refused(SSO_MESSAGES.notManager);
    }
    await audit({ kind: 'manager', id: user.id, label: user.email }, 200, {
      audience: 'manager',
      assertionId: signIn.assertionId,
    });
    return createSigninLink(ctx, user.id, signIn.relay);
  }
  const [employee] = await employeesByEmails(ctx.db, scope, [signIn.email]);
  if (!employee) {
    await audit(claimed, 403, { reason: SSO_MESSAGES.notEmployee, audience: 'employee' });
    throw refused(SSO_MESSAGES.notEmployee);
  }
  const token = newToken();
  await insertLearnerToken(ctx.db, { tokenHash: hashToken(token), employeeId: employee.id, companyId });
  await audit({ kind: 'employee', id: employee.id, label: employee.email }, 200, {
    audience: 'employee',
    assertionId: signIn.assertionId,
  });
  const go = signIn.relay.replace(/^\/+/, '');
  return `${learnerLink(ctx.config.learnerUrl, token)}${go ? `&go=${encodeURIComponent(go)}` : ''}`;
}
