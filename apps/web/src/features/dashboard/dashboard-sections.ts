import { companySettings, isAssessmentEnabled, isTrainingEnabled, type Company } from '@vigil/shared';

/** How the dashboard shows an area: with its figures, as outside the plan, or not at all. */
export type SectionMode = 'shown' | 'locked' | 'hidden';

export interface DashboardSections {
  trainings: SectionMode;
  assessments: SectionMode;
}

type SectionsInput = Pick<Company, 'settings' | 'havePartnerSubscription' | 'subscription'>;

/**
 * Spec 1 §4 Feature availability decides whether an area's figures exist; an area outside the plan
 * keeps a card that leads to its plan-locked page. ui.assessment_dashboard set to 0 leaves the
 * assessments off the dashboard altogether, and so does ui.assessments 0 (assessments switched off).
 */
export function dashboardSections(company: SectionsInput): DashboardSections {
  const trainings: SectionMode = isTrainingEnabled(company) ? 'shown' : 'locked';
  let assessments: SectionMode = isAssessmentEnabled(company) ? 'shown' : 'locked';
  const settings = companySettings(company.settings);
  if (!settings.assessments || !settings.assessmentDashboard) assessments = 'hidden';
  return { trainings, assessments };
}
