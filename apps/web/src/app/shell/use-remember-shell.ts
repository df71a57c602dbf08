import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberedShell, rememberFirstScreen, themeColors, whenIdle } from '../../lib/first-screen.ts';
import { useCurrentCompany, useCurrentUser } from '../../lib/session/index.ts';
import { useMainMenuTabs } from './main-menu.ts';
import { initials } from './user-menu.tsx';

/**
 * Keeps the header as it is now for the next load's first screen (lib/first-screen.ts); without it the
 * remembered page is not painted.
 */
export function useRememberShell(): void {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const { company } = useCurrentCompany();
  const tabs = useMainMenuTabs()
    .map((tab) => t(tab.labelKey))
    .join('\n');
  const name = user ? user.name || user.email : '';
  const short = user ? initials(user.name, user.email) : '';
  const companyId = company?.company_id;
  const companyName = company?.company_name ?? '';
  const logo = company?.brand.logoUrl ?? null;
  const theme = company?.color_main ?? '';
  // The impersonation banner makes the header taller than the painted one: nothing is kept then.
  const impersonating = Boolean(user?.impersonatedBy);

  useEffect(() => {
    if (!companyId || !name || impersonating) return;
    const shell = { initials: short, name, company: companyName, logo, tabs: tabs.split('\n'), theme };
    const { colors, ...remembered } = rememberedShell(companyId) ?? { colors: {} };
    if (JSON.stringify(remembered) === JSON.stringify(shell) && Object.keys(colors).length > 0) return;
    // Kept once the browser is idle, and only when something changed: reading the theme's colours
    // computes the page's styles, a long task of its own in a load.
    return whenIdle(() => rememberFirstScreen(companyId, { shell: { ...shell, colors: themeColors() } }));
  }, [companyId, companyName, name, short, logo, tabs, theme, impersonating]);
}
