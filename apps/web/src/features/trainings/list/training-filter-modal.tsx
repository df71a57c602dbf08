import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useCategories } from '../../catalog/index.ts';
import { useLists } from '../../employees/index.ts';
import { DatesLocale } from '../components/dates-locale.tsx';
import { EMPTY_FILTERS, filtersValid, type TrainingFilters } from './training-list-query.ts';

interface TrainingFilterFormProps {
  companyId: string;
  initial: TrainingFilters;
  onApply: (filters: TrainingFilters) => void;
}

function TrainingFilterForm({ companyId, initial, onApply }: TrainingFilterFormProps) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState(initial);
  const lists = useLists(companyId);
  const { categories } = useCategories(companyId, i18n.language);
  const set = (change: Partial<TrainingFilters>) => setFilters((current) => ({ ...current, ...change }));

  const listOptions = (lists.data?.rows ?? []).map((list) => ({ value: list.id, label: list.name }));
  const subjectOptions = (categories ?? [])
    .filter((category) => category.subjects.length > 0)
    .map((category) => ({
      group: category.name,
      items: category.subjects.map((subject) => ({ value: subject.id, label: subject.title })),
    }));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (filtersValid(filters)) onApply(filters);
      }}
    >
      <Stack gap="md">
        <Select
          label={t('trainings.filters.list')}
          placeholder={t('trainings.filters.anyList')}
          data={listOptions}
          value={filters.listId || null}
          onChange={(value) => set({ listId: value ?? '' })}
          searchable
          clearable
          nothingFoundMessage={t('trainings.filters.nothingFound')}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('trainings.filters.subject')}
          placeholder={t('trainings.filters.anySubject')}
          data={subjectOptions}
          value={filters.subjectId || null}
          onChange={(value) => set({ subjectId: value ?? '' })}
          searchable
          clearable
          nothingFoundMessage={t('trainings.filters.nothingFound')}
          comboboxProps={{ withinPortal: true }}
        />
        <DatesLocale>
          <DateRangeFields
            legend={t('trainings.filters.startDate')}
            from={filters.startFrom}
            to={filters.startTo}
            onChange={(startFrom, startTo) => set({ startFrom, startTo })}
          />
          <DateRangeFields
            legend={t('trainings.filters.endDate')}
            from={filters.endFrom}
            to={filters.endTo}
            onChange={(endFrom, endTo) => set({ endFrom, endTo })}
          />
        </DatesLocale>
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" color="gray" onClick={() => setFilters(EMPTY_FILTERS)}>
            {t('trainings.filters.reset')}
          </Button>
          <Button type="submit" disabled={!filtersValid(filters)}>
            {t('trainings.filters.apply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface TrainingFilterModalProps extends TrainingFilterFormProps {
  opened: boolean;
  onClose: () => void;
}

/** The list's filter modal: employee list, subject, and start and end date ranges (spec 2 §2). */
export function TrainingFilterModal({ opened, onClose, ...form }: TrainingFilterModalProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('trainings.filters.title')}
      fullScreen={phone}
      size="lg"
    >
      {/* Mounted while open, so every opening starts from the filters in use. */}
      {opened && <TrainingFilterForm {...form} />}
    </Modal>
  );
}
