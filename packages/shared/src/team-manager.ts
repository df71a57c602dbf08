import { PERMISSIONS, ROLES, type MenuTab, type RoleCode } from './constants.ts';

/** A manager's standing in a company, as the company answer carries it (role and permissions). */
export interface ManagerStanding {
  role: RoleCode;
  permissions: readonly string[];
}

/**
 * Team manager (spec 1 §6): a viewer with the manageUsers permission, limited to employees and
 * lists. An admin has every permission already, so an admin is never a team manager.
 */
export function isTeamManager(m: ManagerStanding): boolean {
  return m.role !== ROLES.admin && m.permissions.includes(PERMISSIONS.manageUsers);
}

/**
 * Who may add employees, import them, and create and rename lists: admins and team managers (the
 * server's employee routes admit the same). Removing an employee from a list or deleting a list
 * stays with admins (spec 3 §6).
 */
export function mayManageEmployees(m: ManagerStanding): boolean {
  return m.role === ROLES.admin || isTeamManager(m);
}

/** A membership's permissions, from its two flags. */
export function membershipPermissions(m: { manageUsers: boolean; billingManager: boolean }): string[] {
  return [
    ...(m.manageUsers ? [PERMISSIONS.manageUsers] : []),
    ...(m.billingManager ? [PERMISSIONS.billing] : []),
  ];
}

/** Who may open the subscription pages and buy: admins and the company's billing manager. */
export function mayManageBilling(m: ManagerStanding): boolean {
  return m.role === ROLES.admin || m.permissions.includes(PERMISSIONS.billing);
}

/** The only menu tab a team manager sees. */
export const TEAM_MANAGER_TABS: readonly MenuTab[] = ['users'];
