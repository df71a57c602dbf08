import { describe, expect, it } from 'vitest';
import { DeleteTrainingUsersRequest, trainingReportActions } from './delivery.ts';

describe('training report actions (spec 3 §2.3)', () => {
  it('offers copying sign-in links to admins when tracking is not anonymous', () => {
    expect(trainingReportActions({ isAdmin: true, anonymous: false, sso: true }).canCopyLink).toBe(true);
    expect(trainingReportActions({ isAdmin: true, anonymous: true, sso: false }).canCopyLink).toBe(false);
    expect(trainingReportActions({ isAdmin: false, anonymous: false, sso: false }).canCopyLink).toBe(false);
  });

  it('offers deleting employees to admins only without anonymous tracking and single sign-on', () => {
    expect(trainingReportActions({ isAdmin: true, anonymous: false, sso: false }).canDeleteUsers).toBe(true);
    expect(trainingReportActions({ isAdmin: true, anonymous: false, sso: true }).canDeleteUsers).toBe(false);
    expect(trainingReportActions({ isAdmin: true, anonymous: true, sso: false }).canDeleteUsers).toBe(false);
    expect(trainingReportActions({ isAdmin: false, anonymous: false, sso: false }).canDeleteUsers).toBe(
      false,
    );
  });

  it('deletes between 1 and 1000 valid emails at a time', () => {
    expect(DeleteTrainingUsersRequest.safeParse({ emails: ['a@b.example'] }).success).toBe(true);
    expect(DeleteTrainingUsersRequest.safeParse({ emails: [] }).success).toBe(false);
    expect(DeleteTrainingUsersRequest.safeParse({ emails: ['nope'] }).success).toBe(false);
    expect(DeleteTrainingUsersRequest.safeParse({ emails: Array(1001).fill('a@b.example') }).success).toBe(
      false,
    );
  });
});
