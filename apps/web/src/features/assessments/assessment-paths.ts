import type { AssessmentStatus, AssessmentTab } from '@vigil/shared';
import { PATHS } from '../../lib/paths.ts';

const root = PATHS.assessments;
const id = (value: string) => encodeURIComponent(value);

/** The assessment area's routes (spec 2 §2 Assessment routes), with the trailing slash every path gets. */
export const ASSESSMENT_PATHS = {
  list: root,
  tab: (tab: AssessmentTab) => (tab === 'all' ? root : `${root}${tab}/`),
  create: `${root}create/`,
  createScorm: `${root}create_scorm/`,
  copy: (fromId: string) => `${root}create/copy/${id(fromId)}/`,
  edit: (assessmentId: string) => `${root}edit/${id(assessmentId)}/`,
  /** The detail; a SCORM assessment's address carries a `p` before its id. */
  view: (assessment: { id: string; isScorm: boolean }) =>
    `${root}${assessment.isScorm ? 'p' : ''}${id(assessment.id)}/view/`,
} as const;

/** Where a row opens (spec 2 §2): a draft in the edit wizard for admins, anything else in the detail. */
export function assessmentOpenPath(
  assessment: { id: string; isScorm: boolean; status: AssessmentStatus },
  isAdmin: boolean,
): string {
  return assessment.status === 'draft' && isAdmin && !assessment.isScorm
    ? ASSESSMENT_PATHS.edit(assessment.id)
    : ASSESSMENT_PATHS.view(assessment);
}
