import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n.ts';
import { useLanguages } from '../../lib/use-languages.ts';

/** The language picker of the public pages; the choice is kept under 'language'. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { languages } = useLanguages();
  const current = languages.find((l) => l.code === i18n.language);

  return (
    <Menu position="top" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={16} />}
          rightSection={<IconChevronDown size={14} />}
          // The accessible name holds the visible text (WCAG 2.5.3), then what the button does.
          aria-label={`${current?.english_name ?? i18n.language}, ${t('language.choose')}`}
        >
          {current?.english_name ?? i18n.language}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {languages.map((language) => (
          <Menu.Item
            key={language.code}
            onClick={() => void changeLanguage(language.code)}
            rightSection={language.code === i18n.language ? <IconCheck size={14} /> : null}
          >
            {language.english_name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
