import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES } from './constants.ts';
import {
  isTeamManager,
  mayManageBilling,
  mayManageEmployees,
  membershipPermissions,
} from './team-manager.ts';

describe('team manager (manageUsers)', () => {
  const admin = { role: ROLES.admin, permissions: [] };
  const viewer = { role: ROLES.viewer, permissions: [] };
  const teamManager = { role: ROLES.viewer, permissions: [PERMISSIONS.manageUsers] };

  it('is a viewer with manageUsers; an admin with it is still an admin', () => {
    expect(isTeamManager(teamManager)).toBe(true);
    expect(isTeamManager(viewer)).toBe(false);
    expect(isTeamManager({ role: ROLES.admin, permissions: [PERMISSIONS.manageUsers] })).toBe(false);
  });

  it('lets admins and team managers manage employees, not plain viewers', () => {
    expect(mayManageEmployees(admin)).toBe(true);
    expect(mayManageEmployees(teamManager)).toBe(true);
    expect(mayManageEmployees(viewer)).toBe(false);
  });
});

describe('billing manager (billing)', () => {
  it('reads the permissions off a membership', () => {
    expect(membershipPermissions({ manageUsers: false, billingManager: false })).toEqual([]);
    expect(membershipPermissions({ manageUsers: true, billingManager: true })).toEqual([
      PERMISSIONS.manageUsers,
      PERMISSIONS.billing,
    ]);
  });

  it('lets admins and the billing manager manage billing, not other viewers or team managers', () => {
    expect(mayManageBilling({ role: ROLES.admin, permissions: [] })).toBe(true);
    expect(mayManageBilling({ role: ROLES.viewer, permissions: [PERMISSIONS.billing] })).toBe(true);
    expect(mayManageBilling({ role: ROLES.viewer, permissions: [] })).toBe(false);
    expect(mayManageBilling({ role: ROLES.viewer, permissions: [PERMISSIONS.manageUsers] })).toBe(false);
  });
});
