import type { Icon } from '@tabler/icons-react';
import {
  IconCopy,
  IconEye,
  IconPencil,
  IconPlayerPause,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { TRAINING_MESSAGES, type TrainingRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useDeleteTraining, useTrainingAction } from '../api/change-training.ts';
import { TRAINING_PATHS } from '../training-paths.ts';

type ActionTarget = Pick<
  TrainingRow,
  'id' | 'name' | 'status' | 'isScorm' | 'canEdit' | 'canCopy' | 'canPause' | 'canStop' | 'canDelete'
>;

export interface TrainingActionItem {
  key: 'view' | 'edit' | 'copy' | 'pause' | 'stop' | 'delete';
  label: string;
  icon: Icon;
  color?: string;
  /** A link, or else something to do. */
  to?: string;
  onClick?: () => void;
}

interface TrainingActionsOptions {
  /** Leaves out View (on the detail page itself). */
  withView?: boolean;
  /** After the program was deleted (the detail page goes back to the list). */
  onDeleted?: () => void;
}

/**
 * What a manager may do with a program, from the permissions the server derived (spec 2 §4): View,
 * Edit, Copy, Pause, Stop (confirmed) and Delete (confirmed, for ever), with their notices.
 */
export function useTrainingActions(companyId: string) {
  const { t } = useTranslation();
  const change = useTrainingAction(companyId);
  const remove = useDeleteTraining(companyId);
  const fail = (error: unknown) => showMessage({ type: 'error', message: translateError(t, error) });
  const done = (message: string) => showMessage({ type: 'success', message: translateMessage(t, message) });

  const pause = (training: ActionTarget) =>
    change.mutate(
      { id: training.id, action: 'pause' },
      { onSuccess: () => done(TRAINING_MESSAGES.paused), onError: fail },
    );

  const stop = (training: ActionTarget) =>
    openConfirmDialog({
      title: t('trainings.actions.stopTitle'),
      message: t('trainings.actions.stopConfirm', { name: training.name }),
      confirmLabel: t('trainings.actions.stop'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        change.mutate(
          { id: training.id, action: 'stop' },
          { onSuccess: () => done(TRAINING_MESSAGES.stopped), onError: fail },
        ),
    });

  const destroy = (training: ActionTarget, onDeleted?: () => void) =>
    openConfirmDialog({
      title: t('trainings.actions.deleteTitle'),
      message: t('trainings.actions.deleteConfirm', { name: training.name }),
      confirmLabel: t('trainings.actions.deleteForever'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(training.id, {
          onSuccess: () => {
            done(TRAINING_MESSAGES.deleted);
            onDeleted?.();
          },
          onError: fail,
        }),
    });

  /** The actions offered for one program, in menu order. */
  const itemsFor = (training: ActionTarget, options: TrainingActionsOptions = {}): TrainingActionItem[] => {
    const { withView = true, onDeleted } = options;
    const items: TrainingActionItem[] = [];
    if (withView && !(training.status === 'draft' && training.canEdit))
      items.push({
        key: 'view',
        label: t('trainings.actions.view'),
        icon: IconEye,
        to: TRAINING_PATHS.view(training),
      });
    if (training.canEdit)
      items.push({
        key: 'edit',
        label: t('trainings.actions.edit'),
        icon: IconPencil,
        to: TRAINING_PATHS.edit(training.id),
      });
    if (training.canCopy)
      items.push({
        key: 'copy',
        label: t('trainings.actions.copy'),
        icon: IconCopy,
        to: TRAINING_PATHS.copy(training.id),
      });
    if (training.canPause)
      items.push({
        key: 'pause',
        label: t('trainings.actions.pause'),
        icon: IconPlayerPause,
        onClick: () => pause(training),
      });
    if (training.canStop)
      items.push({
        key: 'stop',
        label: t('trainings.actions.stop'),
        icon: IconPlayerStop,
        onClick: () => stop(training),
      });
    if (training.canDelete)
      items.push({
        key: 'delete',
        label: t('trainings.actions.delete'),
        icon: IconTrash,
        color: 'red',
        onClick: () => destroy(training, onDeleted),
      });
    return items;
  };

  /** The program a pause, stop or delete is under way for. */
  const pendingId = change.isPending ? change.variables.id : remove.isPending ? remove.variables : null;

  return { itemsFor, pendingId };
}
