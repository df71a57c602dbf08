import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '../lib/use-is-phone.ts';

interface FreshModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size: ModalProps['size'];
  testId?: string;
  children: ReactNode;
}

/**
 * A dialog whose content is mounted only while it is open, so every opening starts from what is in
 * use now (filters, nothing picked yet); full screen on a phone.
 */
export function FreshModal({ opened, onClose, title, size, testId, children }: FreshModalProps) {
  const phone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      data-testid={testId}
    >
      {opened && children}
    </Modal>
  );
}
