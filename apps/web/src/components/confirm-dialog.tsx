import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';

interface ConfirmDialog {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Red confirm button for what cannot be undone. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}

/** Asks before doing something; cancelling leaves everything as it was (spec 1 §4 Messages). */
export function openConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger,
  onConfirm,
  onCancel,
}: ConfirmDialog): void {
  openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: danger ? { color: 'red' } : undefined,
    onConfirm,
    onCancel,
  });
}
