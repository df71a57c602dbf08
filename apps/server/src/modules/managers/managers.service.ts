/**
 * The company's managers (Settings → Admins, spec 3 §7 "API keys and managers"): list, add with a
 * role and an optional welcome mail, change the role, remove, send a login link, and name the billing
 * manager. A company always keeps at least one admin.
 */
import {
  MANAGER_MESSAGES,
  ROLES,
  type ManagerCreate,
  type ManagerRow,
  type ManagerUpdate,
  type RoleCode,
} from '@vigil/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import { enqueueSigninMail, findOrCreateUser } from '../auth/auth.service.ts';
import {
  deleteMembership,
  insertMembership,
  managerOfCompany,
  managersOfCompany,
  setBillingManagerOf,
  updateMembership,
  withAdminsLocked,
  type ManagerRecord,
} from './managers.queries.ts';

function presentManager(row: ManagerRecord): ManagerRow {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role === ROLES.admin ? ROLES.admin : ROLES.viewer,
    manageUsers: row.manageUsers,
    billingManager: row.billingManager,
    created: row.created.toISOString(),
  };
}

/** Admins may do everything; a viewer only keeps manageUsers when made a team manager. */
const permissionsFor = (role: RoleCode, manageUsers: boolean) => ({
  role,
  manageUsers: role === ROLES.admin || manageUsers,
});

async function existingManager(db: Db, tenant: TenantContext, userId: string): Promise<ManagerRecord> {
  const manager = await managerOfCompany(db, tenant, userId);
  if (!manager) throw NotFound('No such admin.');
  return manager;
}

export async function listManagers(db: Db, tenant: TenantContext): Promise<{ managers: ManagerRow[] }> {
  return { managers: (await managersOfCompany(db, tenant)).map(presentManager) };
}

/** POST /companies/{id}/managers: the admin form; an unknown email becomes a new manager account. */
export async function addManager(
  ctx: AppContext,
  tenant: TenantContext,
  input: z.output<typeof ManagerCreate>,
): Promise<ManagerRow> {
  const user = await findOrCreateUser(ctx, input.email, input.name);
  const added = await insertMembership(ctx.db, tenant, {
    userId: user.id,
    ...permissionsFor(input.role, input.manageUsers),
  });
  if (!added) throw Conflict(MANAGER_MESSAGES.alreadyManager);
  if (input.sendWelcome) {
    await enqueueSigninMail(ctx, { userId: user.id, companyId: tenant.companyId, purpose: 'welcome' });
  }
  companyChanged(tenant.companyId);
  return presentManager(await existingManager(ctx.db, tenant, user.id));
}

/** The last admin may be neither demoted nor removed. */
function keepsAnAdmin(admins: string[], userId: string, staysAdmin: boolean): void {
  if (!staysAdmin && admins.length === 1 && admins[0] === userId) {
    throw Conflict(MANAGER_MESSAGES.lastAdmin);
  }
}

/** PUT /companies/{id}/managers/{userId}: role and team-manager permission. */
export async function changeManager(
  ctx: AppContext,
  tenant: TenantContext,
  userId: string,
  input: ManagerUpdate,
): Promise<ManagerRow> {
  await existingManager(ctx.db, tenant, userId);
  await withAdminsLocked(ctx.db, tenant, async (tx, admins) => {
    keepsAnAdmin(admins, userId, input.role === ROLES.admin);
    await updateMembership(tx, tenant, userId, permissionsFor(input.role, input.manageUsers));
  });
  companyChanged(tenant.companyId);
  return presentManager(await existingManager(ctx.db, tenant, userId));
}

/** DELETE /companies/{id}/managers/{userId}: never the last admin. */
export async function removeManager(ctx: AppContext, tenant: TenantContext, userId: string): Promise<void> {
  await existingManager(ctx.db, tenant, userId);
  await withAdminsLocked(ctx.db, tenant, async (tx, admins) => {
    keepsAnAdmin(admins, userId, false);
    await deleteMembership(tx, tenant, userId);
  });
  companyChanged(tenant.companyId);
}

/** POST /companies/{id}/managers/{userId}/login_link: mails the manager a sign-in link. */
export async function sendManagerLoginLink(
  ctx: AppContext,
  tenant: TenantContext,
  userId: string,
): Promise<{ status: 'sent' }> {
  await existingManager(ctx.db, tenant, userId);
  await enqueueSigninMail(ctx, { userId, companyId: tenant.companyId, purpose: 'signin' });
  return { status: 'sent' };
}

/** POST /companies/{id}/set_billing_manager: the one manager who gets the billing mails. */
export async function setBillingManager(
  ctx: AppContext,
  tenant: TenantContext,
  userId: string,
): Promise<{ managers: ManagerRow[] }> {
  await existingManager(ctx.db, tenant, userId);
  await setBillingManagerOf(ctx.db, tenant, userId);
  return listManagers(ctx.db, tenant);
}
