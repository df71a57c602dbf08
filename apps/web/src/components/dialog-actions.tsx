import { Group, type GroupProps } from '@mantine/core';
import classes from './dialog-actions.module.css';

/**
 * A dialog's buttons, kept in sight at the bottom of the dialog while its content scrolls (a long
 * form on a phone), so they never need to be scrolled to.
 */
export function DialogActions(props: GroupProps) {
  return <Group className={classes.actions} {...props} />;
}
