import {
  IconCopy,
  IconEye,
  IconPencil,
  IconPlayerPause,
  IconPlayerStop,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** What the menus need of a campaign (a training program or an assessment). */
export interface ProgramActionTarget {
  id: string;
  name: string;
  status: string;
  isScorm: boolean;
  canEdit: boolean;
  canCopy: boolean;
  canPause: boolean;
  canStop: boolean;
  canDelete: boolean;
}

export interface ProgramActionItem {
  key: 'view' | 'edit' | 'copy' | 'pause' | 'stop' | 'delete';
  label: string;
  icon: Icon;
  color?: string;
  /** A link, or else something to do. */
  to?: string;
  onClick?: () => void;
}

export interface ProgramActionsOptions {
  /** Leaves out View (on the detail page itself). */
  withView?: boolean;
  /** After the campaign was deleted (the detail page goes back to the list). */
  onDeleted?: () => void;
}

/** How one kind of campaign names, changes and links its actions. */
export interface ProgramActionsSetup<T extends ProgramActionTarget> {
  /** The locale section of the texts: `<section>.actions.*`. */
  section: string;
  change: UseMutationResult<unknown, Error, { id: string; action: 'pause' | 'stop' }>;
  remove: UseMutationResult<unknown, Error, string>;
  paths: { view: (target: T) => string; edit: (id: string) => string; copy: (id: string) => string };
  messages: { paused: string; stopped: string; deleted: string };
  translateError: (t: TFunction, error: unknown) => string;
  translateMessage: (t: TFunction, message: string) => string;
  /** Whether the campaign can still be edited, on top of the server's permission. */
  editable: (target: T) => boolean;
  /** Whether a pause is confirmed first, as a stop and a delete always are. */
  confirmPause: boolean;
}

/**
 * What a manager may do with a campaign, from the permissions the server derived (spec 2 §4): View,
 * Edit, Copy, Pause, Stop (confirmed) and Delete (confirmed, for ever), with their notices.
 */
export function useProgramActions<T extends ProgramActionTarget>(setup: ProgramActionsSetup<T>) {
  const { t } = useTranslation();
  const { section, change, remove, paths, messages } = setup;
  const text = (key: string, values: Record<string, string> = {}) => t(`${section}.actions.${key}`, values);
  const fail = (error: unknown) => showMessage({ type: 'error', message: setup.translateError(t, error) });
  const done = (message: string) =>
    showMessage({ type: 'success', message: setup.translateMessage(t, message) });

  const changeNow = (target: T, action: 'pause' | 'stop') =>
    change.mutate(
      { id: target.id, action },
      { onSuccess: () => done(action === 'pause' ? messages.paused : messages.stopped), onError: fail },
    );
  const confirmChange = (target: T, action: 'pause' | 'stop') =>
    openConfirmDialog({
      title: text(`${action}Title`),
      message: text(`${action}Confirm`, { name: target.name }),
      confirmLabel: text(action),
      cancelLabel: t('actions.cancel'),
      danger: action === 'stop',
      onConfirm: () => changeNow(target, action),
    });
  const pause = (target: T) =>
    setup.confirmPause ? confirmChange(target, 'pause') : changeNow(target, 'pause');

  const destroy = (target: T, onDeleted?: () => void) =>
    openConfirmDialog({
      title: text('deleteTitle'),
      message: text('deleteConfirm', { name: target.name }),
      confirmLabel: text('deleteForever'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(target.id, {
          onSuccess: () => {
            done(messages.deleted);
            onDeleted?.();
          },
          onError: fail,
        }),
    });

  /** The actions offered for one campaign, in menu order. */
  const itemsFor = (target: T, options: ProgramActionsOptions = {}): ProgramActionItem[] => {
    const { withView = true, onDeleted } = options;
    const items: ProgramActionItem[] = [];
    const editable = target.canEdit && setup.editable(target);
    if (withView && !(target.status === 'draft' && editable))
      items.push({ key: 'view', label: text('view'), icon: IconEye, to: paths.view(target) });
    if (editable)
      items.push({ key: 'edit', label: text('edit'), icon: IconPencil, to: paths.edit(target.id) });
    if (target.canCopy)
      items.push({ key: 'copy', label: text('copy'), icon: IconCopy, to: paths.copy(target.id) });
    if (target.canPause)
      items.push({ key: 'pause', label: text('pause'), icon: IconPlayerPause, onClick: () => pause(target) });
    if (target.canStop)
      items.push({
        key: 'stop',
        label: text('stop'),
        icon: IconPlayerStop,
        onClick: () => confirmChange(target, 'stop'),
      });
    if (target.canDelete)
      items.push({
        key: 'delete',
        label: text('delete'),
        icon: IconTrash,
        color: 'red',
        onClick: () => destroy(target, onDeleted),
      });
    return items;
  };

  /** The campaign a pause, stop or delete is under way for. */
  const pendingId = change.isPending ? change.variables.id : remove.isPending ? remove.variables : null;
  return { itemsFor, pendingId };
}
