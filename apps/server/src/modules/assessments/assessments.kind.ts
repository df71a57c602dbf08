import { assessmentDeliveries, assessmentEvents } from '../../db/schema/index.ts';
import type { CampaignKind } from '../campaigns/campaigns.kind.ts';
import type { DeliverySource } from '../delivery/delivery.send.ts';
import type { ClaimedRow } from '../delivery/delivery.send.ts';
import { assessmentSource, dispatchAssessments } from './assessments.engine.ts';
import { assessmentCardsOf } from './assessments.learner.service.ts';

/** Assessments as a campaign kind: invitations and reminders, one mail each, and cards on the learner's home. */
export const assessmentKind: CampaignKind = {
  name: 'assessment',
  queues: { dispatch: 'assessments.dispatch', send: 'assessments.send' },
  tables: { deliveries: assessmentDeliveries, events: assessmentEvents },
  dispatchAcrossCompanies: (db, now) => dispatchAssessments(db, now),
  source: () => assessmentSource() as DeliverySource<ClaimedRow>,
  learnerHome: async (db, learner, now) => ({ assessments: await assessmentCardsOf(db, learner, now) }),
};
