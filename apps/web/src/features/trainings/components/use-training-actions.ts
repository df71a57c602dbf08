import { TRAINING_MESSAGES } from '@vigil/shared';
import { useProgramActions } from '../../campaigns/index.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useDeleteTraining, useTrainingAction } from '../api/change-training.ts';
import { TRAINING_PATHS } from '../training-paths.ts';

/** A program's menu actions (spec 2 §4); a pause is not confirmed, a stop and a delete are. */
export function useTrainingActions(companyId: string) {
  return useProgramActions({
    section: 'trainings',
    change: useTrainingAction(companyId),
    remove: useDeleteTraining(companyId),
    paths: TRAINING_PATHS,
    messages: TRAINING_MESSAGES,
    translateError,
    translateMessage,
    editable: () => true,
    confirmPause: false,
  });
}
