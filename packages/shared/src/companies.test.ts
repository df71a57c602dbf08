import { describe, expect, it } from 'vitest';
import { hasRole } from './companies.ts';
import { ROLES } from './constants.ts';

describe('hasRole', () => {
  it('admits admin and viewer for a viewer requirement, only admin for admin', () => {
    expect(hasRole(ROLES.viewer, ROLES.viewer)).toBe(true);
    expect(hasRole(ROLES.admin, ROLES.viewer)).toBe(true);
    expect(hasRole(ROLES.viewer, ROLES.admin)).toBe(false);
    expect(hasRole(ROLES.admin, ROLES.admin)).toBe(true);
  });
});
