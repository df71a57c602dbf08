import { Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { EMPLOYEE_MESSAGES, LIMITS, type EmployeeList } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message.ts';
import type { ImportTargetChoice } from '../import-target.ts';

/** Spec 3 §9: dropdown lists show at most 8 rows before scrolling (an option is 36 px high). */
const DROPDOWN_HEIGHT = 8 * 36;

interface ImportTargetFieldProps {
  lists: EmployeeList[];
  value: ImportTargetChoice;
  onChange: (value: ImportTargetChoice) => void;
}

/** Which list an import goes to: one of the company's lists, or a new one by its name. */
export function ImportTargetField({ lists, value, onChange }: ImportTargetFieldProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {lists.length > 0 && (
        <Radio.Group
          label={t('employees.import.target')}
          value={value.mode}
          onChange={(mode) => onChange({ ...value, mode: mode === 'new' ? 'new' : 'existing' })}
        >
          <Group gap="lg" mt={6}>
            <Radio value="existing" label={t('employees.import.existingList')} />
            <Radio value="new" label={t('employees.import.newList')} />
          </Group>
        </Radio.Group>
      )}
      {value.mode === 'existing' ? (
        <Select
          label={t('employees.import.list')}
          placeholder={t('employees.import.listPlaceholder')}
          data={lists.map((list) => ({ value: list.id, label: list.name }))}
          value={value.listId}
          onChange={(listId) => onChange({ ...value, listId })}
          searchable
          nothingFoundMessage={t('messages.noData')}
          maxDropdownHeight={DROPDOWN_HEIGHT}
          required
        />
      ) : (
        <TextInput
          label={t('employees.listName.label')}
          placeholder={translateMessage(t, EMPLOYEE_MESSAGES.listNamePlaceholder)}
          value={value.listName}
          onChange={(event) => onChange({ ...value, listName: event.currentTarget.value })}
          autoComplete="off"
          maxLength={LIMITS.nameMax}
          required
        />
      )}
    </Stack>
  );
}
