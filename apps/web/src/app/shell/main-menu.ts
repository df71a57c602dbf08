import type { Icon } from '@tabler/icons-react';
import {
  IconBook2,
  IconChartBar,
  IconFish,
  IconHelpCircle,
  IconLayoutDashboard,
  IconListCheck,
  IconSchool,
  IconUsers,
} from '@tabler/icons-react';
import {
  companySettings,
  isTeamManager,
  TEAM_MANAGER_TABS,
  visibleMenuTabs,
  type MenuTab,
} from '@vigil/shared';
import { isExternalHttpUrl, PATHS } from '../../lib/paths.ts';
import { useCurrentCompany } from '../../lib/session/index.ts';

export interface MainMenuTab {
  code: MenuTab;
  labelKey: string;
  icon: Icon;
  to: string;
  /** A custom link that leaves the app (opens in a new tab). */
  external: boolean;
  /** Path prefixes that make the tab the current one. */
  prefixes: string[];
}

const TABS: Record<MenuTab, Omit<MainMenuTab, 'code' | 'external'>> = {
  dashboard: { labelKey: 'nav.dashboard', icon: IconLayoutDashboard, to: PATHS.home, prefixes: [] },
  trainings: { labelKey: 'nav.trainings', icon: IconSchool, to: PATHS.trainings, prefixes: ['/trainings/'] },
  assessments: {
    labelKey: 'nav.assessments',
    icon: IconListCheck,
    to: PATHS.assessments,
    prefixes: ['/assessment/'],
  },
  phishing: { labelKey: 'nav.phishing', icon: IconFish, to: PATHS.phishing, prefixes: ['/phishing/'] },
  users: { labelKey: 'nav.users', icon: IconUsers, to: PATHS.users, prefixes: ['/users/'] },
  reports: { labelKey: 'nav.reports', icon: IconChartBar, to: PATHS.reports, prefixes: ['/reports/'] },
  content: {
    labelKey: 'nav.content',
    icon: IconBook2,
    to: PATHS.content,
    prefixes: ['/content/', '/resources/', '/catalog/'],
  },
  help: { labelKey: 'nav.help', icon: IconHelpCircle, to: PATHS.help, prefixes: ['/help/'] },
};

/** The top menu's tabs for the current company (spec 1 §2 Shell and menu). */
export function useMainMenuTabs(): MainMenuTab[] {
  const { company } = useCurrentCompany();
  const codes = !company
    ? (['dashboard', 'help'] as const)
    : isTeamManager(company)
      ? TEAM_MANAGER_TABS
      : visibleMenuTabs(company);
  const settings = company ? companySettings(company.settings) : null;
  // Help and Content may be custom links of the company's white-label branding (spec 1 §2).
  const customLinks: Partial<Record<MenuTab, string | null | undefined>> = {
    help: settings?.helpUrl,
    content: settings?.contentUrl,
  };
  return codes.map((code) => {
    const link = customLinks[code] ?? undefined;
    const external = isExternalHttpUrl(link);
    return { code, ...TABS[code], external, to: external && link ? link : TABS[code].to };
  });
}

export function isTabActive(tab: MainMenuTab, pathname: string): boolean {
  if (tab.external) return false;
  if (tab.code === 'dashboard') return pathname === PATHS.home;
  return tab.prefixes.some((prefix) => pathname.startsWith(prefix));
}
