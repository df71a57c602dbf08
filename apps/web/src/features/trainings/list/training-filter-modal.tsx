import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { FilterModal } from '../../../components/filter-modal.tsx';
import { useCategories } from '../../catalog/index.ts';
import { useLists } from '../../employees/index.ts';
import { DatesLocale } from '../components/dates-locale.tsx';
import { EMPTY_FILTERS, filtersValid, type TrainingFilters } from './training-list-query.ts';

interface TrainingFilterModalProps {
  opened: boolean;
  onClose: () => void;
  companyId: string;
  initial: TrainingFilters;
  onApply: (filters: TrainingFilters) => void;
}

interface FieldsProps {
  companyId: string;
  filters: TrainingFilters;
  set: (change: Partial<TrainingFilters>) => void;
}

/** Mounted with the open modal, so the lists and subjects load when they are first needed. */
function TrainingFilterFields({ companyId, filters, set }: FieldsProps) {
  const { t, i18n } = useTranslation();
  const lists = useLists(companyId);
  const { categories } = useCategories(companyId, i18n.language);

  const listOptions = (lists.data?.rows ?? []).map((list) => ({ value: list.id, label: list.name }));
  const subjectOptions = (categories ?? [])
    .filter((category) => category.subjects.length > 0)
    .map((category) => ({
      group: category.name,
      items: category.subjects.map((subject) => ({ value: subject.id, label: subject.title })),
    }));

  return (
    <>
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
    </>
  );
}

/** The list's filter modal: employee list, subject, and start and end date ranges (spec 2 §2). */
export function TrainingFilterModal({ companyId, ...modal }: TrainingFilterModalProps) {
  return (
    <FilterModal
      {...modal}
      section="trainings"
      empty={EMPTY_FILTERS}
      valid={filtersValid}
      fields={(filters, set) => <TrainingFilterFields companyId={companyId} filters={filters} set={set} />}
    />
  );
}
