import { Button, Group, Select } from '@mantine/core';
import { IconCategory, IconFilterOff, IconLanguage, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/language-name.ts';
import { CONTENT_TYPES, hasFilters, type ContentFilters, type ContentType } from '../content-filters.ts';

interface ContentFiltersBarProps {
  filters: ContentFilters;
  categories: { id: string; name: string }[];
  languages: string[];
  onChange: (filters: ContentFilters) => void;
}

/** Type, Category, Available in language, and Clear (spec 3 §2.3). */
export function ContentFiltersBar({ filters, categories, languages, onChange }: ContentFiltersBarProps) {
  const { t, i18n } = useTranslation();
  const set = (change: Partial<ContentFilters>) => {
    const next = { ...filters, ...change };
    for (const key of Object.keys(change) as (keyof ContentFilters)[]) if (!next[key]) delete next[key];
    onChange(next);
  };
  const common = {
    clearable: true,
    w: { base: '100%', xs: 220 },
    comboboxProps: { withinPortal: true },
  } as const;

  return (
    <Group align="flex-end" gap="sm" data-testid="content-filters">
      <Select
        {...common}
        label={t('contentBrowser.filters.type')}
        placeholder={t('contentBrowser.filters.anyType')}
        leftSection={<IconStack2 size={16} />}
        data={CONTENT_TYPES.map((type) => ({ value: type, label: t(`contentBrowser.types.${type}`) }))}
        value={filters.type ?? null}
        onChange={(type) => set({ type: (type as ContentType | null) ?? undefined })}
      />
      <Select
        {...common}
        label={t('contentBrowser.filters.category')}
        placeholder={t('contentBrowser.filters.anyCategory')}
        leftSection={<IconCategory size={16} />}
        data={categories.map((c) => ({ value: c.id, label: c.name }))}
        value={filters.category ?? null}
        onChange={(category) => set({ category: category ?? undefined })}
        searchable
      />
      <Select
        {...common}
        label={t('contentBrowser.filters.language')}
        placeholder={t('contentBrowser.filters.anyLanguage')}
        leftSection={<IconLanguage size={16} />}
        data={languages.map((code) => ({ value: code, label: languageName(code, i18n.language) }))}
        value={filters.language ?? null}
        onChange={(language) => set({ language: language ?? undefined })}
      />
      <Button
        variant="default"
        leftSection={<IconFilterOff size={16} />}
        onClick={() => onChange({})}
        disabled={!hasFilters(filters)}
      >
        {t('contentBrowser.filters.clear')}
      </Button>
    </Group>
  );
}
