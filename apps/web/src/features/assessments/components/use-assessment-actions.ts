import {
  IconCopy,
  IconEye,
  IconPencil,
  IconPlayerPause,
  IconPlayerStop,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { ASSESSMENT_MESSAGES, type AssessmentRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useChangeAssessment, useDeleteAssessment } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS } from '../assessment-paths.ts';
import { translateAssessmentError, translateAssessmentMessage } from '../assessment-messages.ts';

type ActionTarget = Pick<
  AssessmentRow,
  'id' | 'name' | 'status' | 'isScorm' | 'canEdit' | 'canCopy' | 'canPause' | 'canStop' | 'canDelete'
>;

export interface AssessmentActionItem {
  key: 'view' | 'edit' | 'copy' | 'pause' | 'stop' | 'delete';
  label: string;
  icon: Icon;
  color?: string;
  to?: string;
  onClick?: () => void;
}

/**
 * What a manager may do with an assessment, from the permissions the server derived (spec 2 §4):
 * View, Edit (not for completed or SCORM ones), Copy, Pause, Stop and Delete (both confirmed).
 */
export function useAssessmentActions(companyId: string) {
  const { t } = useTranslation();
  const change = useChangeAssessment(companyId);
  const remove = useDeleteAssessment(companyId);
  const fail = (error: unknown) =>
    showMessage({ type: 'error', message: translateAssessmentError(t, error) });
  const done = (message: string) =>
    showMessage({ type: 'success', message: translateAssessmentMessage(t, message) });

  const pause = (a: ActionTarget) =>
    openConfirmDialog({
      title: t('assessments.actions.pauseTitle'),
      message: t('assessments.actions.pauseConfirm', { name: a.name }),
      confirmLabel: t('assessments.actions.pause'),
      cancelLabel: t('actions.cancel'),
      onConfirm: () =>
        change.mutate(
          { id: a.id, action: 'pause' },
          { onSuccess: () => done(ASSESSMENT_MESSAGES.paused), onError: fail },
        ),
    });

  const stop = (a: ActionTarget) =>
    openConfirmDialog({
      title: t('assessments.actions.stopTitle'),
      message: t('assessments.actions.stopConfirm', { name: a.name }),
      confirmLabel: t('assessments.actions.stop'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        change.mutate(
          { id: a.id, action: 'stop' },
          { onSuccess: () => done(ASSESSMENT_MESSAGES.stopped), onError: fail },
        ),
    });

  const destroy = (a: ActionTarget, onDeleted?: () => void) =>
    openConfirmDialog({
      title: t('assessments.actions.deleteTitle'),
      message: t('assessments.actions.deleteConfirm', { name: a.name }),
      confirmLabel: t('assessments.actions.deleteForever'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => {
            done(ASSESSMENT_MESSAGES.deleted);
            onDeleted?.();
          },
          onError: fail,
        }),
    });

  /** The actions offered for one assessment, in menu order. */
  const itemsFor = (
    a: ActionTarget,
    { withView = true, onDeleted }: { withView?: boolean; onDeleted?: () => void } = {},
  ): AssessmentActionItem[] => {
    const items: AssessmentActionItem[] = [];
    const editable = a.canEdit && a.status !== 'completed' && !a.isScorm;
    if (withView && !(a.status === 'draft' && editable))
      items.push({
        key: 'view',
        label: t('assessments.actions.view'),
        icon: IconEye,
        to: ASSESSMENT_PATHS.view(a),
      });
    if (editable)
      items.push({
        key: 'edit',
        label: t('assessments.actions.edit'),
        icon: IconPencil,
        to: ASSESSMENT_PATHS.edit(a.id),
      });
    if (a.canCopy)
      items.push({
        key: 'copy',
        label: t('assessments.actions.copy'),
        icon: IconCopy,
        to: ASSESSMENT_PATHS.copy(a.id),
      });
    if (a.canPause)
      items.push({
        key: 'pause',
        label: t('assessments.actions.pause'),
        icon: IconPlayerPause,
        onClick: () => pause(a),
      });
    if (a.canStop)
      items.push({
        key: 'stop',
        label: t('assessments.actions.stop'),
        icon: IconPlayerStop,
        onClick: () => stop(a),
      });
    if (a.canDelete)
      items.push({
        key: 'delete',
        label: t('assessments.actions.delete'),
        icon: IconTrash,
        color: 'red',
        onClick: () => destroy(a, onDeleted),
      });
    return items;
  };

  const pendingId = change.isPending ? change.variables.id : remove.isPending ? remove.variables : null;
  return { itemsFor, pendingId };
}
