import { TRAINING_MESSAGES, type Company } from '@vigil/shared';
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSaveTraining } from '../api/change-training.ts';
import { TRAINING_PATHS } from '../training-paths.ts';
import { rememberChannels } from './channel-memory.ts';
import { payloadProblems, serverProblems, type SaveProblem } from './save-problems.ts';
import { translateTrainingError, translateTrainingMessage } from './wizard-messages.ts';
import { buildTrainingSave, saveStatus, type DraftAction, type DraftState } from './wizard-state.ts';

/** Spec 2 §9: the wizard's error toasts stay 15 seconds. */
const WIZARD_ERROR_MS = 15_000;

interface WizardSaveInput {
  company: Company;
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
  /** The problems of a failed save, placed by step; an empty list clears them. */
  onProblems: (problems: SaveProblem[]) => void;
}

/** Moves the address to the stored program without the router, so that the wizard is not mounted again. */
function replaceAddress(path: string): void {
  window.history.replaceState(window.history.state, '', path);
}

/** Saving a draft and starting the program (spec 2 §4), with the spec's messages. */
export function useWizardSave({ company, draft, dispatch, onProblems }: WizardSaveInput) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useSaveTraining(company.company_id);
  const [pending, setPending] = useState<'save' | 'action' | null>(null);
  /** Set once finishing succeeded: whether the program was started or an already scheduled one updated. */
  const [outcome, setOutcome] = useState<'started' | 'updated' | null>(null);

  const fail = (problems: SaveProblem[], message: string) => {
    onProblems(problems);
    showMessage({ type: 'error', message, autoClose: WIZARD_ERROR_MS });
  };

  async function persist(status: 'draft' | 'scheduled', name: string) {
    const payload = buildTrainingSave({ ...draft, name }, status);
    const problems = payloadProblems(payload);
    if (problems.length > 0) {
      fail(problems, translateTrainingMessage(t, problems[0]?.message ?? ''));
      return null;
    }
    try {
      const { automation } = await mutation.mutateAsync({ id: draft.id, body: payload });
      onProblems([]);
      dispatch({ type: 'saved', id: automation.id, status: automation.status });
      rememberChannels(company.company_id, {
        channel: draft.channel,
        remindersChannel: draft.remindersChannel,
      });
      if (draft.id === null) replaceAddress(TRAINING_PATHS.edit(automation.id));
      return automation;
    } catch (error) {
      fail(error instanceof ApiError ? serverProblems(error.message) : [], translateTrainingError(t, error));
      return null;
    }
  }

  /**
   * Save draft: the first save creates the program and keeps its id ("Training draft saved!"); any
   * later save updates it and ends with "Training updated!" and the list (spec 2 §4). A scheduled
   * program stays scheduled.
   */
  async function saveDraft(name: string, leave = false): Promise<void> {
    const status = saveStatus(draft);
    const update = draft.id !== null;
    setPending('save');
    const saved = await persist(status, name);
    setPending(null);
    if (!saved) return;
    showMessage({
      type: 'success',
      message: translateTrainingMessage(t, update ? TRAINING_MESSAGES.updated : TRAINING_MESSAGES.draftSaved),
    });
    if (update || leave) void navigate(TRAINING_PATHS.list);
  }

  /** Create, Activate or Update: starts the program (an edited scheduled one again) and shows the success step. */
  async function finish(name: string): Promise<void> {
    const wasScheduled = draft.status === 'scheduled';
    setPending('action');
    const saved = await persist('scheduled', name);
    setPending(null);
    if (!saved) return;
    setOutcome(wasScheduled ? 'updated' : 'started');
    dispatch({ type: 'goTo', step: 'start' });
  }

  return { saveDraft, finish, pending, outcome };
}
