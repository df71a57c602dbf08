import { companySettings, visibleMenuTabs, type MenuTab } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { AccessDeniedPage } from '../../components/access-denied-page.tsx';
import { useCurrentCompany } from '../../lib/session/index.ts';
import { useMainMenuTabs } from '../shell/main-menu.ts';

interface RequireMenuTabProps {
  tab: MenuTab;
  children?: ReactNode;
}

/**
 * The pages of a top-menu tab the company hid (`ui.menu_hide_{code}_tab`, spec 1 §2): the tab is gone
 * from the menu and its pages show the Access denied page. A hidden dashboard, the home page, sends
 * the manager on to the first tab still shown instead.
 */
export function RequireMenuTab({ tab, children }: RequireMenuTabProps) {
  const { company } = useCurrentCompany();
  const tabs = useMainMenuTabs();
  if (!company || !companySettings(company.settings).menuHidden[tab]) return children ?? <Outlet />;
  if (tab === 'dashboard') {
    const next = tabs.find((t) => !t.external && visibleMenuTabs(company).includes(t.code));
    if (next) return <Navigate to={next.to} replace />;
  }
  return <AccessDeniedPage />;
}
