import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useAssignablePackages } from '../api/packages.ts';

/** The dashboard's banner for unused packages (spec 1 §2 Dashboard), each with its Assign link. */
export function UnassignedCreditsBanner() {
  const { t } = useTranslation();
  const packages = useAssignablePackages().data?.packages ?? [];
  if (packages.length === 0) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      mb="xl"
      icon={<IconPackage />}
      title={t('partners.credits.title', { count: packages.length })}
      data-testid="unassigned-credits"
    >
      <Stack gap="xs">
        {packages.map((p) => (
          <Group key={p.id} justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">
              {t('partners.credits.package', {
                count: p.users,
                plan: p.planName,
                months: p.months,
                holder: p.company_name,
              })}
            </Text>
            <Button
              component={Link}
              to={PATHS.assignPackage(p.id)}
              size="compact-sm"
              variant="light"
              data-testid="assign-credit"
            >
              {t('partners.credits.assign')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
