import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignFilterFieldsProps } from '../../campaigns/index.ts';
import { useCategories } from '../../catalog/index.ts';
import type { TrainingFilters } from './training-list-query.ts';

/** The training list's own filter: one subject, grouped by category (spec 2 §2). */
export function SubjectFilter({ companyId, filters, set }: CampaignFilterFieldsProps<TrainingFilters>) {
  const { t, i18n } = useTranslation();
  const { categories } = useCategories(companyId, i18n.language);
  const subjectOptions = (categories ?? [])
    .filter((category) => category.subjects.length > 0)
    .map((category) => ({
      group: category.name,
      items: category.subjects.map((subject) => ({ value: subject.id, label: subject.title })),
    }));
  return (
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
  );
}
