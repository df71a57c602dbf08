import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid, PARTNER_MESSAGES, PERMISSIONS, ROLES } from '@vigil/shared';
import { companies, partnerAccounts, partnerAdmins } from '../db/schema/index.ts';
import { NotFound } from './errors.ts';
import { signedIn } from './guards.ts';
import { managerScope, type TenantContext } from './tenant.ts';

/**
 * The partner scope: who acts for which partner account. A partner route names its account in the
 * path (/partners/{partnerId}/…); the user must be one of its partner admins, or a super-admin.
 * Anything else is 404, so another partner's account (or that it exists) is never revealed.
 */
export interface PartnerAccess {
  id: string;
  name: string;
  planCode: string;
  via: 'partner' | 'superadmin';
}

declare module 'fastify' {
  interface FastifyRequest {
    partner: PartnerAccess | null;
  }
}

export function registerPartnerScope(app: FastifyInstance): void {
  app.decorateRequest('partner', null);
}

export function partnerOf(request: FastifyRequest): PartnerAccess {
  if (!request.partner) throw new Error('Route has no partner guard');
  return request.partner;
}

const params = (request: FastifyRequest) => request.params as Record<string, string | undefined>;

/** preHandler: the partner account of the path, for its partner admins and super-admins. */
export async function requirePartner(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { user } = signedIn(request);
  const partnerId = params(request).partnerId ?? '';
  const notFound = NotFound(PARTNER_MESSAGES.partnerNotFound);
  if (!isUuid(partnerId)) throw notFound;
  const [row] = await request.server.ctx.db
    .select({
      id: partnerAccounts.id,
      name: partnerAccounts.name,
      planCode: partnerAccounts.planCode,
      admin: partnerAdmins.userId,
    })
    .from(partnerAccounts)
    .leftJoin(
      partnerAdmins,
      and(eq(partnerAdmins.partnerAccountId, partnerAccounts.id), eq(partnerAdmins.userId, user.id)),
    )
    .where(eq(partnerAccounts.id, partnerId))
    .limit(1);
  if (!row || (!row.admin && !user.isSuperAdmin)) throw notFound;
  request.partner = {
    id: row.id,
    name: row.name,
    planCode: row.planCode,
    via: row.admin ? 'partner' : 'superadmin',
  };
}

/**
 * preHandler, after requirePartner: a customer company of that partner account, which the partner
 * admin acts on as an admin (whatever membership they may also hold in it). A company of another
 * partner, or of none, is 404.
 */
export async function requirePartnerCompany(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const partner = partnerOf(request);
  const { user } = signedIn(request);
  const companyId = params(request).companyId ?? '';
  const notFound = NotFound(PARTNER_MESSAGES.companyNotFound);
  if (!isUuid(companyId)) throw notFound;
  const [row] = await request.server.ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.partnerAccountId, partner.id)))
    .limit(1);
  if (!row) throw notFound;
  request.tenant = managerScope(companyId, user.id, ROLES.admin, [PERMISSIONS.manageUsers], partner.via);
}

/**
 * The scope of a company the assign-package service has found within the user's reach (a company they
 * administer or a customer of a partner account they are partner admin of): it acts there as an admin.
 */
export function assignScope(request: FastifyRequest, companyId: string): TenantContext {
  const { user } = signedIn(request);
  return managerScope(companyId, user.id, ROLES.admin, [PERMISSIONS.manageUsers], 'partner');
}
