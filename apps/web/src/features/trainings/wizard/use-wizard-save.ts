import { TRAINING_MESSAGES, type Company } from '@vigil/shared';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { showWizardError, useCampaignSave } from '../../campaigns/index.ts';
import { createProgramPackage, type PackageChoice } from '../../scorm/index.ts';
import { useSaveTraining } from '../api/change-training.ts';
import { TRAINING_PATHS } from '../training-paths.ts';
import { rememberChannels } from './channel-memory.ts';
import { payloadProblems, serverProblems, type SaveProblem } from './save-problems.ts';
import { translateTrainingError, translateTrainingMessage } from './wizard-messages.ts';
import { buildTrainingSave, saveStatus, type DraftAction, type DraftState } from './wizard-state.ts';

interface WizardSaveInput {
  company: Company;
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
  /** The problems of a failed save, placed by step; an empty list clears them. */
  onProblems: (problems: SaveProblem[]) => void;
  /** A SCORM program's package format and variant, made once the program is created. */
  packageChoice: PackageChoice;
}

/** Saving a draft and starting the program (spec 2 §4), with the spec's messages. */
export function useWizardSave({ company, draft, dispatch, onProblems, packageChoice }: WizardSaveInput) {
  const { t } = useTranslation();
  const mutation = useSaveTraining(company.company_id);

  const fail = (problems: SaveProblem[], message: string) => {
    onProblems(problems);
    showWizardError(message);
  };

  /** A payload the shared rules refuse is not sent; its problems are shown at their steps. */
  async function store(status: 'draft' | 'scheduled', name: string) {
    const payload = buildTrainingSave({ ...draft, name }, status);
    const problems = payloadProblems(payload);
    if (problems.length > 0) {
      fail(problems, translateTrainingMessage(t, problems[0]?.message ?? ''));
      return null;
    }
    const saved = (await mutation.mutateAsync({ id: draft.id, body: payload })).automation;
    // Finishing a SCORM program runs the create-package action (spec 2 "Package variants").
    if (draft.isScorm && status === 'scheduled')
      await createProgramPackage('training', company.company_id, saved.id, packageChoice);
    return saved;
  }

  /*
   * Save draft: the first save creates the program and keeps its id ("Training draft saved!"); any
   * later save updates it and ends with "Training updated!" and the list (spec 2 §4). A scheduled
   * program stays scheduled. Finishing an edited scheduled program updates it.
   */
  return useCampaignSave({
    draft,
    store,
    onStored: (automation) => {
      onProblems([]);
      dispatch({ type: 'saved', id: automation.id, status: automation.status });
      rememberChannels(company.company_id, {
        channel: draft.channel,
        remindersChannel: draft.remindersChannel,
      });
    },
    onFailed: (error) =>
      fail(error instanceof ApiError ? serverProblems(error.message) : [], translateTrainingError(t, error)),
    editPath: TRAINING_PATHS.edit,
    saveStatus: saveStatus(draft),
    savedMessage: (update) =>
      translateTrainingMessage(t, update ? TRAINING_MESSAGES.updated : TRAINING_MESSAGES.draftSaved),
    leavesAfterSave: ({ update }) => update,
    running: draft.status === 'scheduled',
    listPath: TRAINING_PATHS.list,
    onStarted: () => dispatch({ type: 'goTo', step: 'start' }),
  });
}
