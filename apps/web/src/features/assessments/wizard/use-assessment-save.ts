import { ASSESSMENT_MESSAGES, type Company } from '@vigil/shared';
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { useSaveAssessment } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS } from '../assessment-paths.ts';
import { translateAssessmentError, translateAssessmentMessage } from '../assessment-messages.ts';
import { rememberPersonalize } from './personalize-memory.ts';
import { buildAssessmentSave, saveStatus, type AssessmentDraft, type DraftAction } from './wizard-state.ts';

/** Spec 2 §9: the wizard's error toasts stay 15 seconds. */
const WIZARD_ERROR_MS = 15_000;

/** Saving a draft and starting the assessment (spec 2 §4), with the spec's messages. */
export function useAssessmentSave(company: Company, draft: AssessmentDraft, dispatch: Dispatch<DraftAction>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useSaveAssessment(company.company_id);
  const [pending, setPending] = useState<'save' | 'action' | null>(null);
  const [outcome, setOutcome] = useState<'started' | 'updated' | null>(null);

  async function persist(status: 'draft' | 'scheduled', name: string) {
    try {
      const { assessment } = await mutation.mutateAsync({
        id: draft.id,
        body: buildAssessmentSave({ ...draft, name }, status),
      });
      dispatch({ type: 'saved', id: assessment.id, status: assessment.status });
      rememberPersonalize(company.company_id, draft.personalize);
      // The address follows the stored assessment without mounting the wizard again.
      if (draft.id === null)
        window.history.replaceState(window.history.state, '', ASSESSMENT_PATHS.edit(assessment.id));
      return assessment;
    } catch (error) {
      showMessage({ type: 'error', message: translateAssessmentError(t, error), autoClose: WIZARD_ERROR_MS });
      return null;
    }
  }

  /** The first save creates the assessment and keeps its id; later ones update it. */
  async function saveDraft(name: string, leave = false): Promise<void> {
    const status = saveStatus(draft);
    const existing = draft.id !== null;
    setPending('save');
    const saved = await persist(status, name);
    setPending(null);
    if (!saved) return;
    const message = existing ? ASSESSMENT_MESSAGES.updated : ASSESSMENT_MESSAGES.draftSaved;
    showMessage({ type: 'success', message: translateAssessmentMessage(t, message) });
    if (leave || status === 'scheduled') void navigate(ASSESSMENT_PATHS.list);
  }

  /** Create, Activate or Update: starts the assessment and shows the success step. */
  async function finish(name: string): Promise<void> {
    const running = draft.status === 'scheduled' || draft.status === 'active';
    setPending('action');
    const saved = await persist('scheduled', name);
    setPending(null);
    if (!saved) return;
    setOutcome(running ? 'updated' : 'started');
    dispatch({ type: 'goTo', step: 'start' });
  }

  return { saveDraft, finish, pending, outcome };
}
