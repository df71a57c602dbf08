import { TRAINING_MESSAGES, type TrainingRow } from '@vigil/shared';
import { useProgramActions, type ProgramActionItem } from '../../campaigns/index.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useDeleteTraining, useTrainingAction } from '../api/change-training.ts';
import { TRAINING_PATHS } from '../training-paths.ts';

export type TrainingActionItem = ProgramActionItem;

type ActionTarget = Pick<
  TrainingRow,
  'id' | 'name' | 'status' | 'isScorm' | 'canEdit' | 'canCopy' | 'canPause' | 'canStop' | 'canDelete'
>;

/** A program's menu actions (spec 2 §4); a pause is not confirmed, a stop and a delete are. */
export function useTrainingActions(companyId: string) {
  return useProgramActions<ActionTarget>({
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
