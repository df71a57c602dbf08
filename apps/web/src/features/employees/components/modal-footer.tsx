import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './modal-footer.module.css';

/** A modal's buttons: Cancel at the start, the actions at the end, kept in sight while the body scrolls. */
export function ModalFooter({ cancel, children }: { cancel: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" className={classes.footer}>
      {cancel}
      <Group gap="sm">{children}</Group>
    </Group>
  );
}
