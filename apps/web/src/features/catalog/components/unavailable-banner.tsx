import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock, IconMail, IconRocket } from '@tabler/icons-react';
import { CATALOG_MESSAGES, isUpgradeAllowed, type Company } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { supportEmail } from '../../../lib/support-contact.ts';
import { translateMessage } from '../../../lib/translate-message.ts';

interface UnavailableBannerProps {
  company: Pick<Company, 'subscription' | 'brand'>;
}

/**
 * A subject or question outside the plan (spec 3 §2.2): partner companies write to upgrade, the
 * others go to the upgrade page.
 */
export function UnavailableBanner({ company }: UnavailableBannerProps) {
  const { t } = useTranslation();
  const partner = !isUpgradeAllowed(company);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock />}
      title={translateMessage(t, CATALOG_MESSAGES.unavailable)}
      data-testid="unavailable-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {t(partner ? 'catalog.unavailable.partnerText' : 'catalog.unavailable.upgradeText')}
        </Text>
        {partner ? (
          <Button
            component="a"
            href={`mailto:${supportEmail(company)}`}
            size="xs"
            variant="white"
            color="dark"
            leftSection={<IconMail size={16} />}
          >
            {translateMessage(t, CATALOG_MESSAGES.contactToUpgrade)}
          </Button>
        ) : (
          <Button component={Link} to={PATHS.upgrade} size="xs" leftSection={<IconRocket size={16} />}>
            {translateMessage(t, CATALOG_MESSAGES.upgradeNow)}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
