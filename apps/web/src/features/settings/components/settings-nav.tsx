import { NavLink, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentCompany, useCurrentUser } from '../../../lib/session/index.ts';
import { visibleSettingsSections, type SettingsSection } from '../settings-sections.ts';
import classes from './settings-nav.module.css';

function isActive(section: SettingsSection, pathname: string): boolean {
  return section.key === 'profile' ? pathname === section.path : pathname.startsWith(section.path);
}

/** The settings sidebar; on phones a scrolling row above the page. */
export function SettingsNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { company } = useCurrentCompany();
  const user = useCurrentUser().data;

  return (
    <Paper withBorder component="nav" aria-label={t('settings.title')} className={classes.nav}>
      <Text
        size="xs"
        fw={700}
        tt="uppercase"
        c="dimmed"
        px="sm"
        pt="xs"
        pb={6}
        lts={0.8}
        className={classes.title}
      >
        {t('settings.title')}
      </Text>
      <div className={classes.list}>
        {visibleSettingsSections(company, user).map((section) => {
          const Icon = section.icon;
          const active = isActive(section, pathname);
          return (
            <NavLink
              key={section.key}
              component={Link}
              to={section.path}
              label={t(section.labelKey)}
              leftSection={<Icon size={18} stroke={1.6} />}
              active={active}
              aria-current={active ? 'page' : undefined}
              data-testid={`settings-nav-${section.key}`}
              className={classes.link}
            />
          );
        })}
      </div>
    </Paper>
  );
}
