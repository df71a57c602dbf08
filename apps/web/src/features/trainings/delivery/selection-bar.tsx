import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EmployeeSelection } from './employee-selection.ts';

interface SelectionBarProps {
  selection: EmployeeSelection;
  /** How many are picked, and how many employees the table holds. */
  count: number;
  total: number;
  /** Everyone on the page is picked and "all on all pages" may be offered. */
  offerAll: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onRemind: () => void;
}

/** Above the employees table while some are picked: how many, "select all N", clear, and Send reminders. */
export function SelectionBar({
  selection,
  count,
  total,
  offerAll,
  onSelectAll,
  onClear,
  onRemind,
}: SelectionBarProps) {
  const { t } = useTranslation();
  const text = selection.all
    ? count === total
      ? t('trainingDelivery.selection.allSelected', { count: total })
      : t('trainingDelivery.selection.someOfAll', { count, total })
    : t('trainingDelivery.selection.selected', { count });
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      mb="sm"
      bg="var(--mantine-primary-color-light)"
      data-testid="selection-bar"
    >
      <Group justify="space-between" gap="xs">
        <Group gap="sm" wrap="wrap" style={{ rowGap: 2 }}>
          <Text size="sm" fw={600} aria-live="polite">
            {text}
          </Text>
          {offerAll && !selection.all && (
            <Anchor component="button" type="button" size="sm" onClick={onSelectAll}>
              {t('trainingDelivery.selection.selectAll', { count: total })}
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onClear}>
            {t('trainingDelivery.selection.clear')}
          </Anchor>
        </Group>
        <Button size="xs" leftSection={<IconBell size={14} />} onClick={onRemind} disabled={count === 0}>
          {t('trainingDelivery.reminders.open')}
        </Button>
      </Group>
    </Paper>
  );
}
