import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import classes from './header-tabs.module.css';
import { isTabActive, useMainMenuTabs } from './main-menu.ts';

/** The top menu on desktop screens. */
export function HeaderTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs = useMainMenuTabs();

  return (
    <nav className={classes.tabs} aria-label={t('nav.main')}>
      {tabs.map((tab) => {
        const active = isTabActive(tab, pathname);
        const label = t(tab.labelKey);
        return tab.external ? (
          <a key={tab.code} href={tab.to} target="_blank" rel="noopener noreferrer" className={classes.tab}>
            {label}
            <IconExternalLink size={14} aria-hidden />
          </a>
        ) : (
          <Link
            key={tab.code}
            to={tab.to}
            className={classes.tab}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
