import {
  CUSTOM_TIMESPAN,
  PARTNER,
  PARTNER_MESSAGES,
  type PartnerCompanySubscription,
  type PartnerPlan,
} from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  choosePlan,
  initialValues,
  offersTimespan,
  refusedChangeTitle,
  toRequest,
} from './subscription-form.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const plan = (code: string, free = false): PartnerPlan => ({
  code,
  name: code,
  free,
  tiers: [],
  definition: {},
});
const PLANS = [plan('free', true), plan('basic'), plan('premium')];
const active: PartnerCompanySubscription = {
  code: 'basic',
  name: 'Basic',
  free: false,
  seats: 40,
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2027-01-01T00:00:00Z',
  active: true,
  price: 4000,
};

describe('the company subscription form', () => {
  it('starts a new customer with nothing chosen and valid until a year ahead', () => {
    expect(initialValues({ kind: 'create' }, NOW)).toEqual({
      companyName: '',
      subscriptionCode: null,
      seats: null,
      valid: null,
      validTill: '2027-03-01',
    });
  });

  it('edits an active subscription by its end date, and offers timespans for an inactive one', () => {
    const change = { kind: 'change' as const, companyName: 'Acme', current: active };
    expect(initialValues(change, NOW)).toMatchObject({
      valid: CUSTOM_TIMESPAN,
      validTill: '2027-01-01',
      seats: 40,
    });
    expect(offersTimespan(change, plan('basic'))).toBe(false);
    expect(offersTimespan({ ...change, current: { ...active, active: false } }, plan('basic'))).toBe(true);
    expect(offersTimespan({ kind: 'create' }, undefined)).toBe(true);
  });

  it('gives the free plan 10 seats and Eternal, and asks again when leaving it', () => {
    const free = choosePlan(initialValues({ kind: 'create' }, NOW), PLANS, 'free');
    expect(free).toMatchObject({
      subscriptionCode: 'free',
      seats: PARTNER.freeSeats,
      valid: PARTNER.freeValidity,
    });
    expect(choosePlan(free, PLANS, 'premium')).toMatchObject({
      subscriptionCode: 'premium',
      seats: null,
      valid: null,
    });
    const leavingFree = {
      kind: 'change' as const,
      companyName: 'Acme',
      current: { ...active, free: true, code: 'free' },
    };
    expect(offersTimespan(leavingFree, plan('premium'))).toBe(true);
  });

  it('sends the custom date only with the custom timespan', () => {
    const values = {
      companyName: 'Acme',
      subscriptionCode: 'basic',
      seats: 5,
      valid: 12,
      validTill: '2027-03-01',
    };
    expect(toRequest(values).validTill).toBeNull();
    expect(toRequest({ ...values, valid: CUSTOM_TIMESPAN }).validTill).toBe('2027-03-01');
  });

  it('names what a refused change was about', () => {
    const values = { companyName: 'Acme', subscriptionCode: 'basic', seats: 20, valid: -1, validTill: null };
    expect(refusedChangeTitle(active, values)).toBe(PARTNER_MESSAGES.unableToChangeSeats);
    expect(refusedChangeTitle(active, { ...values, seats: 40, subscriptionCode: 'premium' })).toBe(
      PARTNER_MESSAGES.unableToChangePlan,
    );
    expect(refusedChangeTitle(active, { ...values, subscriptionCode: 'premium' })).toBe(
      PARTNER_MESSAGES.unableToMakeChanges,
    );
  });
});
