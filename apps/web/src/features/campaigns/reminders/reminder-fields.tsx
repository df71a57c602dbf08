import { Alert, Checkbox, MultiSelect, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface ReminderListsSelectProps {
  label: string;
  /** Shown while no list is chosen: everyone of every list is reminded. */
  allLabel: string;
  lists: readonly { id: string; name: string }[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** Which of the campaign's employee lists a reminder goes to; none chosen means all of them. */
export function ReminderListsSelect({ label, allLabel, lists, value, onChange }: ReminderListsSelectProps) {
  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? allLabel : undefined}
      data={lists.map((list) => ({ value: list.id, label: list.name }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface RecentReminderAlertProps {
  /** The spec's warning that reminders went out within 24 hours. */
  message: string;
  repeatLabel: string;
  repeat: boolean;
  onRepeatChange: (repeat: boolean) => void;
}

/** A repeat within 24 hours is sent only once the manager confirms it (spec 2 §4). */
export function RecentReminderAlert({
  message,
  repeatLabel,
  repeat,
  onRepeatChange,
}: RecentReminderAlertProps) {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} data-testid="reminders-recent">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Checkbox
          label={repeatLabel}
          checked={repeat}
          onChange={(event) => onRepeatChange(event.currentTarget.checked)}
        />
      </Stack>
    </Alert>
  );
}
