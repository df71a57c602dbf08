import { Button, Group, ScrollArea } from '@mantine/core';
import { IconFish, IconMailForward, IconSettings, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PHISHING_PATHS } from '../phishing-paths.ts';

const SECTIONS = [
  { key: 'campaigns', icon: IconFish, to: PHISHING_PATHS.list },
  { key: 'templates', icon: IconTemplate, to: PHISHING_PATHS.templates },
  { key: 'reported', icon: IconMailForward, to: PHISHING_PATHS.reported },
  { key: 'settings', icon: IconSettings, to: PHISHING_PATHS.settings },
] as const;

/** Which of the area's sections a path belongs to: anything not under another is the campaigns'. */
export function phishingSection(pathname: string): (typeof SECTIONS)[number]['key'] {
  const own = SECTIONS.find((s) => s.key !== 'campaigns' && pathname.startsWith(s.to));
  return own?.key ?? 'campaigns';
}

/**
 * Every page of /phishing: the area's sections (campaigns, templates, reported mails, settings) as
 * links over the page itself.
 */
export function PhishingArea() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = phishingSection(pathname);
  return (
    <>
      <ScrollArea type="never" mb="lg">
        <Group component="nav" aria-label={t('phishing.nav.label')} gap="xs" wrap="nowrap">
          {SECTIONS.map(({ key, icon: Icon, to }) => (
            <Button
              key={key}
              component={Link}
              to={to}
              size="sm"
              variant={current === key ? 'light' : 'subtle'}
              color={current === key ? undefined : 'gray'}
              leftSection={<Icon size={16} />}
              aria-current={current === key ? 'page' : undefined}
              style={{ flexShrink: 0 }}
            >
              {t(`phishing.nav.${key}`)}
            </Button>
          ))}
        </Group>
      </ScrollArea>
      <Outlet />
    </>
  );
}
