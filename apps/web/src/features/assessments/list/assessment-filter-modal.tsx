import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { DatesLocale } from '../../../components/dates-locale.tsx';
import { FilterModal } from '../../../components/filter-modal.tsx';
import { useLists } from '../../employees/index.ts';
import { EMPTY_FILTERS, filtersValid, type AssessmentFilters } from './assessment-list-query.ts';

interface AssessmentFilterModalProps {
  opened: boolean;
  onClose: () => void;
  companyId: string;
  initial: AssessmentFilters;
  onApply: (filters: AssessmentFilters) => void;
}

interface FieldsProps {
  companyId: string;
  filters: AssessmentFilters;
  set: (change: Partial<AssessmentFilters>) => void;
}

/** Mounted with the open modal, so the lists load when they are first needed. */
function AssessmentFilterFields({ companyId, filters, set }: FieldsProps) {
  const { t } = useTranslation();
  const lists = useLists(companyId);
  return (
    <>
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
    </>
  );
}

/** The list's filter modal: employee list, delivery and due date ranges (spec 2 §2 Assessment list). */
export function AssessmentFilterModal({ companyId, ...modal }: AssessmentFilterModalProps) {
  return (
    <FilterModal
      {...modal}
      section="assessments"
      empty={EMPTY_FILTERS}
      valid={filtersValid}
      fields={(filters, set) => <AssessmentFilterFields companyId={companyId} filters={filters} set={set} />}
    />
  );
}
