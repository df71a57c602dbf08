import { ASSESSMENT_MESSAGES, type Company } from '@vigil/shared';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { showWizardError, useCampaignSave } from '../../campaigns/index.ts';
import { createProgramPackage, type PackageChoice } from '../../scorm/index.ts';
import { useSaveAssessment } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS } from '../assessment-paths.ts';
import { translateAssessmentError, translateAssessmentMessage } from '../assessment-messages.ts';
import { rememberPersonalize } from './personalize-memory.ts';
import { buildAssessmentSave, saveStatus, type AssessmentDraft, type DraftAction } from './wizard-state.ts';

/** Saving a draft and starting the assessment (spec 2 §4), with the spec's messages. */
export function useAssessmentSave(
  company: Company,
  draft: AssessmentDraft,
  dispatch: Dispatch<DraftAction>,
  /** A SCORM assessment's package format and variant, made once it is created. */
  packageChoice: PackageChoice,
) {
  const { t } = useTranslation();
  const mutation = useSaveAssessment(company.company_id);
  return useCampaignSave({
    draft,
    store: async (status, name) => {
      const body = buildAssessmentSave({ ...draft, name }, status);
      const saved = (await mutation.mutateAsync({ id: draft.id, body })).assessment;
      // Finishing a SCORM assessment runs the create-package action (spec 2 "Package variants").
      if (draft.isScorm && status === 'scheduled')
        await createProgramPackage('assessment', company.company_id, saved.id, packageChoice);
      return saved;
    },
    onStored: (assessment) => {
      dispatch({ type: 'saved', id: assessment.id, status: assessment.status });
      rememberPersonalize(company.company_id, draft.personalize);
    },
    onFailed: (error) => showWizardError(translateAssessmentError(t, error)),
    editPath: ASSESSMENT_PATHS.edit,
    saveStatus: saveStatus(draft),
    savedMessage: (update) =>
      translateAssessmentMessage(t, update ? ASSESSMENT_MESSAGES.updated : ASSESSMENT_MESSAGES.draftSaved),
    // A running assessment that was saved goes back to the list.
    leavesAfterSave: ({ status }) => status === 'scheduled',
    running: draft.status === 'scheduled' || draft.status === 'active',
    listPath: ASSESSMENT_PATHS.list,
    onStarted: () => dispatch({ type: 'goTo', step: 'start' }),
  });
}
