import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';
import { settingsSection, type SettingsSectionKey } from '../settings-sections.ts';

/** A settings page that later work fills in; admins reach it through the role guard. */
export function SettingsSectionPage({ section }: { section: Exclude<SettingsSectionKey, 'profile'> }) {
  const { t } = useTranslation();
  const { labelKey, icon: Icon } = settingsSection(section);
  return <ComingSoonPage title={t(labelKey)} icon={<Icon />} />;
}
