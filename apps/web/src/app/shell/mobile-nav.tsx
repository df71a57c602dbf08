import { NavLink, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isTabActive, useMainMenuTabs } from './main-menu.ts';

/** The top menu as a list in the drawer of small screens. */
export function MobileNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs = useMainMenuTabs();

  return (
    <Stack gap={4} component="nav" aria-label={t('nav.main')}>
      {tabs.map((tab) => {
        const Icon = tab.icon;
        const common = {
          label: t(tab.labelKey),
          leftSection: <Icon size={20} stroke={1.6} />,
          onClick: onNavigate,
          styles: { root: { borderRadius: 'var(--mantine-radius-md)' } },
        };
        return tab.external ? (
          <NavLink
            key={tab.code}
            {...common}
            href={tab.to}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={14} />}
          />
        ) : (
          <NavLink
            key={tab.code}
            {...common}
            component={Link}
            to={tab.to}
            active={isTabActive(tab, pathname)}
          />
        );
      })}
    </Stack>
  );
}
