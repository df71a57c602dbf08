import { addMonths } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { systemScope } from '../../lib/scope.ts';
import { loadPaidHistory } from '../billing/billing.service.ts';
import { DEMO } from './demo.data.ts';

/**
 * Harbor Logistics pays monthly for Business with 500 seats through the test provider; its last three
 * months are paid invoices, so Settings → Subscription shows a real history and the wizard a current plan.
 */
export async function loadDemoBilling(db: Db, companyId: string, now: Date): Promise<void> {
  const [first, last] = DEMO.company.admin.name.split(' ');
  await loadPaidHistory(db, systemScope(companyId, 'demo'), {
    planId: 'business-monthly',
    seats: 500,
    // A monthly term that began three days ago, and the two before it.
    since: new Date(addMonths(now, -2).getTime() - 3 * 86_400_000),
    now,
    billing: {
      firstName: first ?? 'Alex',
      lastName: last ?? 'Morgan',
      email: DEMO.company.admin.email,
      country: 'DE',
      line1: 'Am Sandtorkai 1',
      city: 'Hamburg',
      zip: '20457',
    },
  });
}
