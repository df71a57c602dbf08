import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconBell, IconLink } from '@tabler/icons-react';
import type { TrainingEmployeeRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import classes from './employee-rows.module.css';

/** The class of a table row of employees that holds their actions; a row that opens a page is a link. */
export const employeeRowClass = (opens: boolean): string => `${classes.row} ${opens ? classes.link : ''}`;

interface EmployeeRowActionsProps {
  employee: Pick<TrainingEmployeeRow, 'email' | 'completedDate' | 'started'>;
  /** Reminders may be sent (the program's canRemind, from the server). */
  canRemind: boolean;
  /** Admins, when tracking is not anonymous. */
  canCopyLink: boolean;
  copying: boolean;
  onRemind: () => void;
  onCopyLink: () => void;
}

/**
 * A row's actions (in a row of `employeeRowClass`): "Send reminders", shown on hover, only for an employee who has neither completed
 * nor started (spec 2 §2), and "Copy sign-in link".
 */
export function EmployeeRowActions({
  employee,
  canRemind,
  canCopyLink,
  copying,
  onRemind,
  onCopyLink,
}: EmployeeRowActionsProps) {
  const { t } = useTranslation();
  const remindable = canRemind && !employee.completedDate && !employee.started;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end" onClick={(click) => click.stopPropagation()}>
      {remindable && (
        <Button
          className={classes.onHover}
          size="compact-xs"
          variant="subtle"
          leftSection={<IconBell size={14} />}
          onClick={onRemind}
        >
          {t('trainingDelivery.reminders.open')}
        </Button>
      )}
      {canCopyLink && (
        <Tooltip label={t('trainingDelivery.signinLink.copy')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            loading={copying}
            onClick={onCopyLink}
            aria-label={t('trainingDelivery.signinLink.copyFor', { email: employee.email })}
          >
            <IconLink size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
