import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { useBrandedTitle } from '../../lib/session/index.ts';

/** /manager: reached after a credit package was assigned to a company. */
export function PackageAssignedPage() {
  const { t } = useTranslation();
  useBrandedTitle(`${t('packages.assigned.title')}`);
  return (
    <Stack gap="md">
      <ThemeIcon size={52} radius="xl" variant="light">
        <IconPackage size={28} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {t('packages.assigned.title')}
      </Title>
      <Text c="dimmed">{t('packages.assigned.text')}</Text>
      <Button component={Link} to={PATHS.home} size="md" mt="sm">
        {t('packages.assigned.home')}
      </Button>
    </Stack>
  );
}
