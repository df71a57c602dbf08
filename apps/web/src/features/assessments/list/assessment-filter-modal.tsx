import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { DatesLocale } from '../../../components/dates-locale.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useLists } from '../../employees/index.ts';
import { EMPTY_FILTERS, filtersValid, type AssessmentFilters } from './assessment-list-query.ts';

interface FilterFormProps {
  companyId: string;
  initial: AssessmentFilters;
  onApply: (filters: AssessmentFilters) => void;
}

function FilterForm({ companyId, initial, onApply }: FilterFormProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState(initial);
  const lists = useLists(companyId);
  const set = (change: Partial<AssessmentFilters>) => setFilters((current) => ({ ...current, ...change }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (filtersValid(filters)) onApply(filters);
      }}
    >
      <Stack gap="md">
        <Select
          label={t('assessments.filters.list')}
          placeholder={t('assessments.filters.anyList')}
          data={(lists.data?.rows ?? []).map((list) => ({ value: list.id, label: list.name }))}
          value={filters.listId || null}
          onChange={(value) => set({ listId: value ?? '' })}
          searchable
          clearable
          nothingFoundMessage={t('assessments.filters.nothingFound')}
        />
        <DatesLocale>
          <DateRangeFields
            legend={t('assessments.filters.deliveryDate')}
            from={filters.deliveryFrom}
            to={filters.deliveryTo}
            onChange={(deliveryFrom, deliveryTo) => set({ deliveryFrom, deliveryTo })}
          />
          <DateRangeFields
            legend={t('assessments.filters.dueDate')}
            from={filters.dueFrom}
            to={filters.dueTo}
            onChange={(dueFrom, dueTo) => set({ dueFrom, dueTo })}
          />
        </DatesLocale>
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" color="gray" onClick={() => setFilters(EMPTY_FILTERS)}>
            {t('assessments.filters.reset')}
          </Button>
          <Button type="submit" disabled={!filtersValid(filters)}>
            {t('assessments.filters.apply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface AssessmentFilterModalProps extends FilterFormProps {
  opened: boolean;
  onClose: () => void;
}

/** The list's filter modal: employee list, delivery and due date ranges (spec 2 §2 Assessment list). */
export function AssessmentFilterModal({ opened, onClose, ...form }: AssessmentFilterModalProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('assessments.filters.title')}
      fullScreen={phone}
      size="lg"
    >
      {opened && <FilterForm {...form} />}
    </Modal>
  );
}
