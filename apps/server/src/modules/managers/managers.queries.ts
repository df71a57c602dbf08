import { and, asc, eq } from 'drizzle-orm';
import { ROLES, type RoleCode } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { memberships, users } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

const managerColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  manageUsers: memberships.manageUsers,
  billingManager: memberships.billingManager,
  created: memberships.createdAt,
};

export type ManagerRecord = {
  userId: string;
  name: string;
  email: string;
  role: number;
  manageUsers: boolean;
  billingManager: boolean;
  created: Date;
};

export async function managersOfCompany(db: Db, scope: CompanyScope): Promise<ManagerRecord[]> {
  return db
    .select(managerColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, scope.companyId))
    .orderBy(asc(users.name), asc(users.email));
}

export async function managerOfCompany(
  db: Db,
  scope: CompanyScope,
  userId: string,
): Promise<ManagerRecord | undefined> {
  const [row] = await db
    .select(managerColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, scope.companyId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

/** Adds the membership; false when the person is already a manager of the company. */
export async function insertMembership(
  db: Db,
  scope: CompanyScope,
  values: { userId: string; role: RoleCode; manageUsers: boolean },
): Promise<boolean> {
  const rows = await db
    .insert(memberships)
    .values({ companyId: scope.companyId, ...values })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  return rows.length > 0;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `change` with the company's admin memberships locked and counted, so two admins demoting or
 * removing each other at once cannot leave the company without one: the second waits and sees the
 * first's change.
 */
export async function withAdminsLocked<T>(
  db: Db,
  scope: CompanyScope,
  change: (tx: Tx, admins: string[]) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.companyId, scope.companyId), eq(memberships.role, ROLES.admin)))
      .for('update');
    return change(
      tx,
      rows.map((r) => r.userId),
    );
  });
}

export async function updateMembership(
  db: Db | Tx,
  scope: CompanyScope,
  userId: string,
  values: { role: RoleCode; manageUsers: boolean },
): Promise<void> {
  await db
    .update(memberships)
    .set(values)
    .where(and(eq(memberships.companyId, scope.companyId), eq(memberships.userId, userId)));
}

export async function deleteMembership(db: Db | Tx, scope: CompanyScope, userId: string): Promise<void> {
  await db
    .delete(memberships)
    .where(and(eq(memberships.companyId, scope.companyId), eq(memberships.userId, userId)));
}

/** Makes the manager the company's one billing manager. */
export async function setBillingManagerOf(db: Db, scope: CompanyScope, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ billingManager: false })
      .where(and(eq(memberships.companyId, scope.companyId), eq(memberships.billingManager, true)));
    await tx
      .update(memberships)
      .set({ billingManager: true })
      .where(and(eq(memberships.companyId, scope.companyId), eq(memberships.userId, userId)));
  });
}
