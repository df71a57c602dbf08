import { describe, expect, it } from 'vitest';
import {
  AssignPackageRequest,
  assignNameProblem,
  formAfterPlanChange,
  isPartnerCompanyActive,
  PartnerCompanyForm,
  PartnerCompanyUpdate,
  timespanLabel,
  validToFor,
} from './partners.ts';
import { PARTNER_MESSAGES } from './messages.ts';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('partner contracts', () => {
  it('creating and renaming a company follow one name rule: required, 4 to 150 characters', () => {
    const form = (companyName: string) =>
      messagesOf(
        PartnerCompanyForm.safeParse({ companyName, subscriptionCode: 'business', seats: 5, valid: 12 }),
      );
    const rename = (companyName: string) => messagesOf(PartnerCompanyUpdate.safeParse({ companyName }));
    const length = 'Company name must be between 4 and 150 characters';
    for (const name of ['Abc', 'x'.repeat(151)]) {
      expect(form(name)).toEqual([length]);
      expect(rename(name)).toEqual([length]);
    }
    for (const name of ['Abcd', 'x'.repeat(150)]) {
      expect(form(name)).toEqual([]);
      expect(rename(name)).toEqual([]);
    }
    expect(form('  ')).toEqual([PARTNER_MESSAGES.companyNameRequired]);
  });

  it('the company form gives the spec messages', () => {
    const r = PartnerCompanyForm.safeParse({ companyName: ' ', subscriptionCode: '', seats: 0 });
    expect(messagesOf(r)).toEqual(
      expect.arrayContaining([
        PARTNER_MESSAGES.companyNameRequired,
        PARTNER_MESSAGES.tierRequired,
        PARTNER_MESSAGES.seatsRequired,
        PARTNER_MESSAGES.timespanRequired,
      ]),
    );
    expect(
      PartnerCompanyForm.safeParse({ companyName: 'Acme', subscriptionCode: 'business', seats: 5, valid: 7 })
        .success,
    ).toBe(false);
    expect(
      PartnerCompanyForm.safeParse({ companyName: 'Acme', subscriptionCode: 'business', seats: 5, valid: -1 })
        .success,
    ).toBe(false);
    expect(
      PartnerCompanyForm.safeParse({
        companyName: 'Acme',
        subscriptionCode: 'business',
        seats: 5,
        valid: -1,
        validTill: '2200-01-03',
      }).success,
    ).toBe(false);
    expect(
      PartnerCompanyForm.safeParse({
        companyName: 'Acme',
        subscriptionCode: 'business',
        seats: 5,
        valid: 1200,
      }).success,
    ).toBe(true);
  });

  it('free plan sets 10 seats and 1200; leaving free resets', () => {
    const form = { seats: 40, valid: 12 };
    expect(formAfterPlanChange(form, { free: false }, { free: true })).toEqual({ seats: 10, valid: 1200 });
    expect(formAfterPlanChange({ seats: 10, valid: 1200 }, { free: true }, { free: false })).toEqual({
      seats: null,
      valid: null,
    });
    expect(formAfterPlanChange(form, { free: false }, { free: false })).toBe(form);
  });

  it('timespans, validity and activity', () => {
    expect(timespanLabel(1200)).toBe('Eternal');
    expect(timespanLabel(-1)).toBe('Custom');
    expect(timespanLabel(3)).toBe('3 months');
    const now = new Date('2026-01-31T10:00:00Z');
    expect(validToFor(1, null, now).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(validToFor(-1, '2027-05-01', now).toISOString().slice(0, 10)).toBe('2027-05-01');
    expect(isPartnerCompanyActive('2026-02-01T00:00:00Z', now)).toBe(true);
    expect(isPartnerCompanyActive('2026-01-01T00:00:00Z', now)).toBe(false);
    expect(isPartnerCompanyActive(null, now)).toBe(false);
  });

  it('assign package: name rules and exactly one target', () => {
    expect(assignNameProblem('ab', [])).toBe(PARTNER_MESSAGES.assignNameTooShort);
    expect(assignNameProblem(' acme co ', ['Acme Co'])).toBe(PARTNER_MESSAGES.assignNameTaken);
    expect(assignNameProblem('Acme', ['Acme Co'])).toBeNull();
    const id = '00000000-0000-4000-8000-000000000000';
    expect(AssignPackageRequest.safeParse({ package_id: id, _csrf: 'x' }).success).toBe(false);
    expect(
      messagesOf(AssignPackageRequest.safeParse({ package_id: id, _csrf: 'x', new_company_name: 'ab' })),
    ).toContain(PARTNER_MESSAGES.assignNameTooShort);
    expect(AssignPackageRequest.safeParse({ package_id: id, _csrf: 'x', company_id: id }).success).toBe(true);
  });
});
