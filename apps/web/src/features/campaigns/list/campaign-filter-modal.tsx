import { Select } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { DatesLocale } from '../../../components/dates-locale.tsx';
import { FilterModal } from '../../../components/filter-modal.tsx';
import { useLists } from '../../employees/index.ts';
import type { CampaignDateRange } from '../../../lib/campaign-list-address.ts';

/** What a kind's own filter fields (besides the employee list and the dates) are given. */
export interface CampaignFilterFieldsProps<F> {
  companyId: string;
  filters: F;
  set: (change: Partial<F>) => void;
}

/** The filters a list's modal edits, as the kind's address rules describe them. */
export interface CampaignFilterRules<F> {
  emptyFilters: F;
  filtersValid: (filters: F) => boolean;
  ranges: readonly CampaignDateRange<F>[];
}

interface CampaignFilterModalProps<F> {
  /** The locale section of the texts: `<section>.filters.*`. */
  section: string;
  rules: CampaignFilterRules<F>;
  /** The kind's own choices, shown under the employee list. */
  Choices?: ComponentType<CampaignFilterFieldsProps<F>>;
  opened: boolean;
  onClose: () => void;
  companyId: string;
  initial: F;
  onApply: (filters: F) => void;
}

/** Mounted with the open modal, so the lists load when they are first needed. */
function CampaignFilterFields<F extends { listId: string } & Record<keyof F, string>>({
  section,
  rules,
  Choices,
  ...fields
}: CampaignFilterFieldsProps<F> & Pick<CampaignFilterModalProps<F>, 'section' | 'rules' | 'Choices'>) {
  const { t } = useTranslation();
  const { companyId, filters, set } = fields;
  const lists = useLists(companyId);
  return (
    <>
      <Select
        label={t(`${section}.filters.list`)}
        placeholder={t(`${section}.filters.anyList`)}
        data={(lists.data?.rows ?? []).map((list) => ({ value: list.id, label: list.name }))}
        value={filters.listId || null}
        onChange={(value) => set({ listId: value ?? '' } as Partial<F>)}
        searchable
        clearable
        nothingFoundMessage={t(`${section}.filters.nothingFound`)}
        comboboxProps={{ withinPortal: true }}
      />
      {Choices && <Choices {...fields} />}
      <DatesLocale>
        {rules.ranges.map((range) => (
          <DateRangeFields
            key={range.legend}
            legend={t(`${section}.filters.${range.legend}`)}
            from={filters[range.from]}
            to={filters[range.to]}
            onChange={(from, to) => set({ [range.from]: from, [range.to]: to } as Partial<F>)}
          />
        ))}
      </DatesLocale>
    </>
  );
}

/** A campaign list's filter modal: employee list, the kind's own choices and its date ranges (spec 2 §2). */
export function CampaignFilterModal<F extends { listId: string } & Record<keyof F, string>>({
  section,
  rules,
  Choices,
  companyId,
  ...modal
}: CampaignFilterModalProps<F>) {
  return (
    <FilterModal
      {...modal}
      section={section}
      empty={rules.emptyFilters}
      valid={rules.filtersValid}
      fields={(filters, set) => (
        <CampaignFilterFields
          section={section}
          rules={rules}
          Choices={Choices}
          companyId={companyId}
          filters={filters}
          set={set}
        />
      )}
    />
  );
}
