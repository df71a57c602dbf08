import type { Company } from '@vigil/shared';

/**
 * Spec 1 §8: the employees registered (n) and the seats the subscription allows (m), when there are
 * more employees than seats; null otherwise, and when the subscription sets no limit.
 */
export function seatOverage(
  company: Pick<Company, 'users_total' | 'users_available'>,
): { n: number; m: number } | null {
  const { users_total: n, users_available: m } = company;
  return typeof m === 'number' && n > m ? { n, m } : null;
}
