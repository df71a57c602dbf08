import type { CompanySubscription } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { subscriptionBanner } from './subscription-banner.ts';

const NOW = new Date('2026-06-15T12:00:00Z');

const subscription = (over: Partial<CompanySubscription> = {}): CompanySubscription => ({
  package_name: 'Business',
  package_users: 500,
  package_trial: false,
  package_valid_from: '2026-01-01T00:00:00Z',
  package_valid_to: '2027-01-01T00:00:00Z',
  package_valid: 1,
  partner: false,
  definition: {},
  ...over,
});

describe('subscriptionBanner', () => {
  it('shows nothing for a valid package, one without an end, or no package at all', () => {
    expect(subscriptionBanner({ trial_ends: null, subscription: subscription() }, NOW)).toBeNull();
    expect(
      subscriptionBanner({ trial_ends: null, subscription: subscription({ package_valid_to: null }) }, NOW),
    ).toBeNull();
    expect(subscriptionBanner({ trial_ends: null, subscription: null }, NOW)).toBeNull();
  });

  it('shows a running trial with its end date', () => {
    const ends = '2026-06-29T12:00:00Z';
    expect(
      subscriptionBanner(
        { trial_ends: ends, subscription: subscription({ package_trial: true, package_valid_to: ends }) },
        NOW,
      ),
    ).toEqual({ kind: 'trial', ends });
  });

  it('takes a trial package’s end when the company has no trial date', () => {
    const ends = '2026-07-01T00:00:00Z';
    expect(
      subscriptionBanner(
        { trial_ends: null, subscription: subscription({ package_trial: true, package_valid_to: ends }) },
        NOW,
      ),
    ).toEqual({ kind: 'trial', ends });
  });

  it('says an ended trial has expired', () => {
    expect(
      subscriptionBanner(
        { trial_ends: '2026-06-01T00:00:00Z', subscription: subscription({ package_trial: true }) },
        NOW,
      ),
    ).toEqual({ kind: 'trialExpired' });
  });

  it('says an expired package has expired, also when the page outlived its valid_to', () => {
    expect(
      subscriptionBanner(
        { trial_ends: null, subscription: subscription({ package_valid: 0, partner: true }) },
        NOW,
      ),
    ).toEqual({ kind: 'expired' });
    expect(
      subscriptionBanner(
        { trial_ends: null, subscription: subscription({ package_valid_to: '2026-06-15T11:00:00Z' }) },
        NOW,
      ),
    ).toEqual({ kind: 'expired' });
  });
});
