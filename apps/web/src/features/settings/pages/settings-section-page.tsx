import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useCurrentCompany } from '../../../lib/session/index.ts';
import { areApiKeysHidden, settingsSection, type SettingsSectionKey } from '../settings-sections.ts';

/** A settings page that later work fills in; admins reach it through the role guard. */
export function SettingsSectionPage({ section }: { section: Exclude<SettingsSectionKey, 'profile'> }) {
  const { t } = useTranslation();
  const { company } = useCurrentCompany();
  if (section === 'apikeys' && areApiKeysHidden(company)) return <NotFoundPage backTo={PATHS.settings} />;
  const { labelKey, icon: Icon } = settingsSection(section);
  return <ComingSoonPage title={t(labelKey)} icon={<Icon />} />;
}
