import { Loader, Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../lib/language-name.ts';

interface ContentLanguageSelectProps {
  languages: string[];
  value: string;
  onChange: (language: string) => void;
  label?: string;
  loading?: boolean;
}

/** Which of the content's languages to show it in. */
export function ContentLanguageSelect({
  languages,
  value,
  onChange,
  label,
  loading,
}: ContentLanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const data = languages
    .map((code) => ({ value: code, label: languageName(code, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return (
    <Select
      label={label ?? t('contentLanguage.label')}
      data={data}
      value={languages.includes(value) ? value : null}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} />}
      w={200}
      disabled={languages.length < 2}
      rightSection={loading ? <Loader size={14} /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
