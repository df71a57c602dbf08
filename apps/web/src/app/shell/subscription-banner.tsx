import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHourglassHigh, IconMail, IconRocket } from '@tabler/icons-react';
import type { Company, Entitlements } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDate } from '../../lib/format-date.ts';
import { PATHS } from '../../lib/paths.ts';
import { supportEmail } from '../../lib/support-contact.ts';

/**
 * The company subscription banner above every page (spec 1 §4, §8), from the entitlement policy's
 * state: a running trial with its end date and 'Upgrade now'; an ended trial or subscription with the
 * spec's sentence and the support address, and what the product still allows (read-only). A valid
 * package, or none, shows nothing.
 */
export function SubscriptionBanner({
  company,
  access,
  isAdmin,
}: {
  company: Company;
  access: Entitlements;
  isAdmin: boolean;
}) {
  const { t, i18n } = useTranslation();
  const support = supportEmail(company);
  const upgrade = isAdmin && access.upgradeAllowed && (
    <Button component={Link} to={PATHS.upgrade} size="compact-md" leftSection={<IconRocket size={16} />}>
      {t('dashboard.banners.upgrade')}
    </Button>
  );

  if (access.state === 'trial' && access.trialEnds) {
    return (
      <Alert color="blue" variant="light" mb="xl" icon={<IconHourglassHigh />} data-testid="trial-banner">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {t('dashboard.banners.trial', { date: formatLongDate(access.trialEnds, i18n.language) })}
          </Text>
          {upgrade}
        </Group>
      </Alert>
    );
  }
  if (access.state !== 'trialExpired' && access.state !== 'expired') return null;
  const text =
    access.state === 'trialExpired'
      ? t('dashboard.banners.trialExpired', { support })
      : t('dashboard.banners.expired', { support });
  return (
    <Alert
      color="red"
      variant="light"
      mb="xl"
      icon={<IconAlertTriangle />}
      data-testid="subscription-expired-banner"
    >
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Text size="sm">{text}</Text>
          <Text size="xs" c="dimmed">
            {t('dashboard.banners.readOnly')}
          </Text>
        </Stack>
        <Group gap="xs">
          {upgrade}
          <Button
            component="a"
            href={`mailto:${support}`}
            size="compact-md"
            variant="default"
            leftSection={<IconMail size={16} />}
          >
            {t('dashboard.banners.contact')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
