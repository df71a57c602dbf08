import { phishingDeliveries, phishingEvents } from '../../db/schema/index.ts';
import type { CampaignKind } from '../campaigns/campaigns.kind.ts';
import type { ClaimedRow, DeliverySource } from '../delivery/delivery.send.ts';
import { dispatchPhishing, phishingSource } from './phishing.engine.ts';

/** Phishing simulations as a campaign kind: one mail per employee, spread over the send window. */
export const phishingKind: CampaignKind = {
  name: 'phishing',
  queues: { dispatch: 'phishing.dispatch', send: 'phishing.send' },
  tables: { deliveries: phishingDeliveries, events: phishingEvents },
  dispatchAcrossCompanies: (db, now) => dispatchPhishing(db, now),
  source: () => phishingSource() as DeliverySource<ClaimedRow>,
};
