import { and, eq } from 'drizzle-orm';
import { isUuid, PERMISSIONS, ROLES, type RoleCode } from '@vigil/shared';
import type { Db } from '../db/client.ts';
import { companies, memberships, partnerAdmins } from '../db/schema/index.ts';

/** Who acts on which company, with what role: the scope of every tenant query. */
export interface TenantContext {
  companyId: string;
  userId: string;
  role: RoleCode;
  permissions: string[];
  /** How the access was granted: a membership, a partner account, or super-admin rights. */
  via: 'membership' | 'partner' | 'superadmin';
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
  const base = { companyId, userId: user.id };
  if (row.role !== null) {
    const role = row.role === ROLES.admin ? ROLES.admin : ROLES.viewer;
    return {
      ...base,
      role,
      permissions: row.manageUsers ? [PERMISSIONS.manageUsers] : [],
      via: 'membership',
    };
  }
  if (row.partnerAdmin)
    return { ...base, role: ROLES.admin, permissions: [PERMISSIONS.manageUsers], via: 'partner' };
  if (user.isSuperAdmin)
    return { ...base, role: ROLES.admin, permissions: [PERMISSIONS.manageUsers], via: 'superadmin' };
  return null;
}
