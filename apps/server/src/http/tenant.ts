import { and, eq } from 'drizzle-orm';
import { isUuid, membershipPermissions, PERMISSIONS, ROLES, type RoleCode } from '@vigil/shared';
import type { Db } from '../db/client.ts';
import { companies, memberships, partnerAdmins } from '../db/schema/index.ts';
import { mintScope, type CompanyScope } from '../lib/scope.ts';

type Via = 'membership' | 'partner' | 'superadmin' | 'api-key' | 'scim';

/** Who acts on which company, with what role: a manager's scope for every tenant query. */
export interface TenantContext extends CompanyScope {
  userId: string;
  role: RoleCode;
  permissions: string[];
  /** How the access was granted: a membership, a partner account, super-admin rights, an API key or a SCIM token. */
  via: Via;
}

/** A manager's tenant context: the scope of their company with what they may do in it. */
export function managerScope(
  companyId: string,
  userId: string,
  role: RoleCode,
  permissions: string[],
  via: Exclude<Via, 'api-key' | 'scim'>,
): TenantContext {
  return Object.assign(mintScope(companyId, { kind: 'manager', userId, via }), {
    userId,
    role,
    permissions,
    via,
  });
}

/**
 * An API key's tenant context: its principal is the key; it acts as an admin of its company (a key is
 * made by an admin and carries the admin's rights over employees and lists), in the name of the manager
 * who made it where a row names its creator.
 */
export function apiKeyScope(companyId: string, keyId: string, createdBy: string): TenantContext {
  return Object.assign(mintScope(companyId, { kind: 'api-key', keyId }), {
    userId: createdBy,
    role: ROLES.admin,
    permissions: [PERMISSIONS.manageUsers],
    via: 'api-key' as const,
  });
}

/**
 * A SCIM token's tenant context: its principal is the token; it provisions employees and lists of its
 * company as an admin would, in the name of the admin who made it where a row names its creator.
 */
export function scimScope(companyId: string, tokenId: string, createdBy: string): TenantContext {
  return Object.assign(mintScope(companyId, { kind: 'scim', tokenId }), {
    userId: createdBy,
    role: ROLES.admin,
    permissions: [PERMISSIONS.manageUsers],
    via: 'scim' as const,
  });
}

/**
 * The one place that decides whether a user may see a company: a membership gives its role; the
 * company's partner admins and super-admins act as admins. Anything else is no access at all.
 */
export async function resolveTenant(
  db: Db,
  user: { id: string; isSuperAdmin: boolean },
  companyId: string,
): Promise<TenantContext | null> {
  if (!isUuid(companyId)) return null;
  const [row] = await db
    .select({
      role: memberships.role,
      manageUsers: memberships.manageUsers,
      billingManager: memberships.billingManager,
      partnerAccountId: companies.partnerAccountId,
      partnerAdmin: partnerAdmins.userId,
    })
    .from(companies)
    .leftJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.userId, user.id)))
    .leftJoin(
      partnerAdmins,
      and(eq(partnerAdmins.partnerAccountId, companies.partnerAccountId), eq(partnerAdmins.userId, user.id)),
    )
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return null;
  if (row.role !== null) {
    const role = row.role === ROLES.admin ? ROLES.admin : ROLES.viewer;
    const permissions = membershipPermissions({
      manageUsers: row.manageUsers ?? false,
      billingManager: row.billingManager ?? false,
    });
    return managerScope(companyId, user.id, role, permissions, 'membership');
  }
  const all = [PERMISSIONS.manageUsers];
  if (row.partnerAdmin) return managerScope(companyId, user.id, ROLES.admin, all, 'partner');
  if (user.isSuperAdmin) return managerScope(companyId, user.id, ROLES.admin, all, 'superadmin');
  return null;
}
