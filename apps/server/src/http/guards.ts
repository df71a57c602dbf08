import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_HEADERS, hasRole, ROLES, type Feature, type Permission, type RoleCode } from '@vigil/shared';
import { Forbidden, NotFound, Unauthorized } from './errors.ts';
import { loadEntitlementInput, requireFeature } from '../lib/entitlements.ts';
import { systemScope, type CompanyScope } from '../lib/scope.ts';
import { resolveTenant, type TenantContext } from './tenant.ts';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  isSuperAdmin: boolean;
}

export interface RequestAuth {
  sessionId: string;
  user: SignedInUser;
  impersonatorId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
    tenant: TenantContext | null;
  }
}

export function signedIn(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw Unauthorized();
  return request.auth;
}

export function tenantOf(request: FastifyRequest): TenantContext {
  if (!request.tenant) throw new Error('Route has no company guard');
  return request.tenant;
}

/** preHandler: any signed-in manager. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  signedIn(request);
}

/** preHandler: a super-admin. Others get 404, so the route's existence is not revealed. */
export async function requireSuperAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!signedIn(request).user.isSuperAdmin) throw NotFound();
}

/** The company the client says it acts on (the x-company-id header), if any. */
export function headerCompanyId(request: FastifyRequest): string | undefined {
  const header = request.headers[CLIENT_HEADERS.companyId];
  return typeof header === 'string' && header ? header : undefined;
}

/** A company route names its company in the path: /companies/{id}/… or /companies/{companyId}/…. */
const COMPANY_PATH = /\/companies\/:(id|companyId)(\/|$)/;

/**
 * The company a request acts on, from one source per route: the path on company routes, the
 * x-company-id header on the others (which have no company in their path). A header naming another
 * company than the path is not read at all; nor is a company in the query.
 */
export function companyIdOf(request: FastifyRequest): string | undefined {
  const match = COMPANY_PATH.exec(request.routeOptions.url ?? '');
  if (!match) return headerCompanyId(request);
  return (request.params as Record<string, string | undefined>)[match[1]!];
}

/**
 * preHandler factory: the company named by the request (companyIdOf), seen by a user with at least
 * `role` (admin by default) or, when named, the permission `orPermission` (a team manager's
 * manageUsers opens the employee and list routes to a viewer). A company the user cannot see is
 * 404, never 403, so nothing about it is revealed.
 */
export function requireCompany(role: RoleCode = ROLES.admin, orPermission?: Permission) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const auth = signedIn(request);
    const companyId = companyIdOf(request);
    if (!companyId) throw NotFound('No company selected.');
    const tenant = await resolveTenant(request.server.ctx.db, auth.user, companyId);
    if (!tenant) throw NotFound('Company not found.');
    const permitted = orPermission !== undefined && tenant.permissions.includes(orPermission);
    if (!hasRole(tenant.role, role) && !permitted) throw Forbidden();
    request.tenant = tenant;
  };
}

/**
 * preHandler factory, after a company guard (or the API key's): refuses with 403 `not_in_plan` when
 * the company's plan does not include `feature` (the entitlement policy, packages/shared).
 */
export function requireEntitlement(feature: Feature) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const input = await loadEntitlementInput(request.server.ctx.db, tenantOf(request));
    if (!input) throw NotFound('Company not found.');
    requireFeature(input, feature);
  };
}

/**
 * A public call (no token) acting for the company its request names, e.g. an assessment's access page:
 * the system acts on it, and its answer must not tell what it found.
 */
export const publicScope = (companyId: string, task: string): CompanyScope => systemScope(companyId, task);
