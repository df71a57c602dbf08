import type { AssessmentStatus, AssessmentTab } from '@vigil/shared';
import { PATHS } from '../../lib/paths.ts';
import { campaignPaths } from '../../lib/campaign-rules.ts';

const root = PATHS.assessments;

/** The assessment area's routes (spec 2 §2 Assessment routes), with the trailing slash every path gets. */
export const ASSESSMENT_PATHS = campaignPaths<AssessmentTab>(root);

/** Where a row opens (spec 2 §2): a draft in the edit wizard for admins, anything else in the detail. */
export function assessmentOpenPath(
  assessment: { id: string; isScorm: boolean; status: AssessmentStatus },
  isAdmin: boolean,
): string {
  return assessment.status === 'draft' && isAdmin && !assessment.isScorm
    ? ASSESSMENT_PATHS.edit(assessment.id)
    : ASSESSMENT_PATHS.view(assessment);
}
