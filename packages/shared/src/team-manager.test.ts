import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES } from './constants.ts';
import { isTeamManager, mayManageEmployees } from './team-manager.ts';

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
