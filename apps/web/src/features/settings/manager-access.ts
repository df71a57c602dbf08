import { ROLES, type ManagerRow } from '@vigil/shared';

/**
 * What a manager may do, as the Admins page offers it: an admin, a viewer, or a team manager (a viewer
 * with the manageUsers permission, spec 1 §6, who may change employees and lists).
 */
export const ACCESS_LEVELS = ['admin', 'teamManager', 'viewer'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export function accessOf(manager: Pick<ManagerRow, 'role' | 'manageUsers'>): AccessLevel {
  if (manager.role === ROLES.admin) return 'admin';
  return manager.manageUsers ? 'teamManager' : 'viewer';
}

export function accessFromValue(level: AccessLevel): Pick<ManagerRow, 'role' | 'manageUsers'> {
  if (level === 'admin') return { role: ROLES.admin, manageUsers: true };
  return { role: ROLES.viewer, manageUsers: level === 'teamManager' };
}
