import { SegmentedControl, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PHISHING_LURES, type PhishingDifficulty, type PhishingLure } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import type { TemplateFilter } from '../templates/template-filter.ts';

/** Search, lure kind and difficulty over a list of templates. */
export function TemplateFilters({
  value,
  onChange,
}: {
  value: TemplateFilter;
  onChange: (next: TemplateFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label={t('phishing.templates.search')}
        leftSection={<IconSearch size={16} />}
        value={value.q}
        onChange={(e) => onChange({ ...value, q: e.currentTarget.value })}
        data-testid="template-search"
      />
      <Select
        label={t('phishing.templates.lure')}
        data={[
          { value: '', label: t('phishing.templates.anyLure') },
          ...PHISHING_LURES.map((lure) => ({ value: lure, label: t(`phishing.lures.${lure}`) })),
        ]}
        value={value.lure}
        onChange={(lure) => onChange({ ...value, lure: (lure ?? '') as PhishingLure | '' })}
        allowDeselect={false}
        data-testid="template-lure"
      />
      <div>
        <SegmentedControl
          aria-label={t('phishing.templates.difficulty')}
          fullWidth
          mt={{ base: 0, sm: 25 }}
          value={String(value.difficulty)}
          onChange={(d) => onChange({ ...value, difficulty: Number(d) as PhishingDifficulty | 0 })}
          data={[
            { value: '0', label: t('phishing.templates.anyDifficulty') },
            { value: '1', label: t('phishing.difficulty.1') },
            { value: '2', label: t('phishing.difficulty.2') },
            { value: '3', label: t('phishing.difficulty.3') },
          ]}
          data-testid="template-difficulty"
        />
      </div>
    </SimpleGrid>
  );
}
