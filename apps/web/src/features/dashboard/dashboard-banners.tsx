import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconHourglassHigh, IconMail, IconRocket } from '@tabler/icons-react';
import { isUpgradeAllowed, type Company } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDate } from '../../lib/format-date.ts';
import { PATHS } from '../../lib/paths.ts';
import { supportEmail } from '../../lib/support-contact.ts';
import { subscriptionBanner } from './subscription-banner.ts';

/**
 * The subscription banner above the dashboard (spec 1 §4, §8): a running trial with its end date and
 * 'Upgrade now', or the expired-trial or expired-subscription sentence with the support address. The
 * more-employees-than-seats banner is the shell's, above every page.
 */
export function DashboardBanners({ company, isAdmin }: { company: Company; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const banner = subscriptionBanner(company, new Date());
  if (!banner) return null;
  const support = supportEmail(company);
  const upgrade = isAdmin && isUpgradeAllowed(company) && (
    <Button component={Link} to={PATHS.upgrade} size="compact-md" leftSection={<IconRocket size={16} />}>
      {t('dashboard.banners.upgrade')}
    </Button>
  );
  const contact = (
    <Button
      component="a"
      href={`mailto:${support}`}
      size="compact-md"
      variant="default"
      leftSection={<IconMail size={16} />}
    >
      {t('dashboard.banners.contact')}
    </Button>
  );

  if (banner.kind === 'trial') {
    return (
      <Alert color="blue" variant="light" icon={<IconHourglassHigh />} data-testid="trial-banner">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {t('dashboard.banners.trial', { date: formatLongDate(banner.ends, i18n.language) })}
          </Text>
          {upgrade}
        </Group>
      </Alert>
    );
  }
  const text =
    banner.kind === 'trialExpired'
      ? t('dashboard.banners.trialExpired', { support })
      : t('dashboard.banners.expired', { support });
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="subscription-expired-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        <Group gap="xs">
          {banner.kind === 'trialExpired' && upgrade}
          {contact}
        </Group>
      </Group>
    </Alert>
  );
}
