import { ASSESSMENT_MESSAGES } from '@vigil/shared';
import { useProgramActions } from '../../campaigns/index.ts';
import { useChangeAssessment, useDeleteAssessment } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS } from '../assessment-paths.ts';
import { translateAssessmentError, translateAssessmentMessage } from '../assessment-messages.ts';

/**
 * What a manager may do with an assessment (spec 2 §4): View, Edit (not for completed or SCORM
 * ones), Copy, Pause, Stop and Delete (all three confirmed).
 */
export function useAssessmentActions(companyId: string) {
  return useProgramActions({
    section: 'assessments',
    change: useChangeAssessment(companyId),
    remove: useDeleteAssessment(companyId),
    paths: ASSESSMENT_PATHS,
    messages: ASSESSMENT_MESSAGES,
    translateError: translateAssessmentError,
    translateMessage: translateAssessmentMessage,
    editable: (a) => a.status !== 'completed' && !a.isScorm,
    confirmPause: true,
  });
}
