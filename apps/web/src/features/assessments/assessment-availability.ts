import { companySettings, isAssessmentEnabled, planHasQuestions, type Company } from '@vigil/shared';

export type AssessmentAvailability = 'open' | 'locked' | 'hidden';

type AvailabilityInput = Pick<Company, 'settings' | 'subscription'>;

/**
 * Spec 1 §4 and spec 2 §2: the area exists when assessments are enabled or the company's settings
 * show them anyway (ui.always_show_assessments, as the menu does); it is open when they are enabled
 * and the plan has questions, otherwise the plan-locked page is shown. Elsewhere there is no area.
 */
export function assessmentAvailability(company: AvailabilityInput): AssessmentAvailability {
  const enabled = isAssessmentEnabled(company);
  if (!enabled && !companySettings(company.settings).alwaysShowAssessments) return 'hidden';
  return enabled && planHasQuestions(company) ? 'open' : 'locked';
}
