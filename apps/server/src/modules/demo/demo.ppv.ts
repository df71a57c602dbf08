import type { Db } from '../../db/client.ts';
import { systemScope } from '../../lib/scope.ts';
import { loadPpvHistory } from '../ppv/ppv.service.ts';

/**
 * Harbor Logistics embeds four videos on its intranet (and on this server's own pages at localhost,
 * so the demo's snippets play when pasted into a local page) and has a month of views.
 */
export async function loadDemoPpv(db: Db, companyId: string, now: Date): Promise<void> {
  await loadPpvHistory(db, systemScope(companyId, 'demo'), {
    allowedDomains: ['intranet.harbor-logistics.example', 'localhost:3000', 'localhost:8080'],
    viewsPurchased: 5000,
    snippets: 4,
    days: 30,
    now,
  });
}
