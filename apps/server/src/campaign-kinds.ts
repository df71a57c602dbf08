import { assessmentKind } from './modules/assessments/assessments.kind.ts';
import { registerCampaignKind } from './modules/campaigns/campaigns.kind.ts';
import { phishingKind } from './modules/phishing/phishing.kind.ts';
import { trainingKind } from './modules/trainings/trainings.delivery.ts';

/**
 * The campaign kinds this server runs. Each kind's module defines its `CampaignKind`; the campaign
 * core, the send loop and the learner home only see the registered kinds. A new kind is a module
 * whose kind is added here.
 */
export function registerCampaignKinds(): void {
  registerCampaignKind(trainingKind);
  registerCampaignKind(assessmentKind);
  registerCampaignKind(phishingKind);
}
