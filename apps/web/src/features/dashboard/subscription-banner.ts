import type { Company } from '@vigil/shared';

/** Which subscription banner the dashboard shows (spec 1 §4 Company subscription banners). */
export type SubscriptionBanner =
  { kind: 'trial'; ends: string } | { kind: 'trialExpired' } | { kind: 'expired' } | null;

type BannerInput = Pick<Company, 'trial_ends' | 'subscription'>;

const isFuture = (iso: string | null | undefined, now: Date): boolean =>
  Boolean(iso) && Date.parse(iso!) > now.getTime();

/**
 * A trial shows when it ends (or that it has ended); otherwise a package is valid while its valid_to
 * lies in the future, and an expired one says so. Without any package there is nothing to say.
 */
export function subscriptionBanner(company: BannerInput, now: Date): SubscriptionBanner {
  const sub = company.subscription;
  if (company.trial_ends !== null || sub?.package_trial) {
    const ends = company.trial_ends ?? sub?.package_valid_to ?? null;
    return ends && isFuture(ends, now) ? { kind: 'trial', ends } : { kind: 'trialExpired' };
  }
  if (!sub) return null;
  const valid =
    sub.package_valid === 1 && (sub.package_valid_to === null || isFuture(sub.package_valid_to, now));
  return valid ? null : { kind: 'expired' };
}
