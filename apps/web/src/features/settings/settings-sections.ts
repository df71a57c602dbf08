import type { Icon } from '@tabler/icons-react';
import {
  IconBuilding,
  IconHistory,
  IconCreditCard,
  IconAdjustmentsHorizontal,
  IconKey,
  IconMail,
  IconPlugConnected,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { companySettings, type Company } from '@vigil/shared';

export type SettingsSectionKey =
  | 'profile'
  | 'company'
  | 'subscriptions'
  | 'admins'
  | 'email'
  | 'integrations'
  | 'apikeys'
  | 'audit'
  | 'features';

export interface SettingsSection {
  key: SettingsSectionKey;
  path: string;
  labelKey: string;
  icon: Icon;
}

const SECTIONS: Record<SettingsSectionKey, Omit<SettingsSection, 'key'>> = {
  profile: { path: '/settings/', labelKey: 'settings.nav.profile', icon: IconUserCircle },
  company: { path: '/settings/company/', labelKey: 'settings.nav.company', icon: IconBuilding },
  subscriptions: {
    path: '/settings/subscriptions/',
    labelKey: 'settings.nav.subscriptions',
    icon: IconCreditCard,
  },
  admins: { path: '/settings/admins/', labelKey: 'settings.nav.admins', icon: IconUsersGroup },
  email: { path: '/settings/email/', labelKey: 'settings.nav.email', icon: IconMail },
  integrations: {
    path: '/settings/integrations/',
    labelKey: 'settings.nav.integrations',
    icon: IconPlugConnected,
  },
  apikeys: { path: '/settings/apikeys/', labelKey: 'settings.nav.apikeys', icon: IconKey },
  // Beyond the spec's sidebar (issue 17): the audit log of every change.
  audit: { path: '/settings/audit/', labelKey: 'audit.title', icon: IconHistory },
  // Beyond the spec's sidebar (issue 17): what a super-admin sets for the company.
  features: { path: '/settings/features/', labelKey: 'features.title', icon: IconAdjustmentsHorizontal },
};

export function settingsSection(key: SettingsSectionKey): SettingsSection {
  return { key, ...SECTIONS[key] };
}

/** The API Keys page exists only while the company has not hidden it. */
export function areApiKeysHidden(company: Pick<Company, 'settings'> | undefined): boolean {
  return company ? companySettings(company.settings).apiKeysHidden : false;
}

/**
 * The settings sidebar of spec 3 §2.5, in its order; Feature settings only for a super-admin (later
 * also a partner for its customers).
 */
export function visibleSettingsSections(
  company: Pick<Company, 'settings'> | undefined,
  user?: { isSuperAdmin: boolean },
): SettingsSection[] {
  return (Object.keys(SECTIONS) as SettingsSectionKey[])
    .filter((key) => key !== 'apikeys' || !areApiKeysHidden(company))
    .filter((key) => key !== 'features' || Boolean(user?.isSuperAdmin))
    .map(settingsSection);
}
