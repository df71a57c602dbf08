import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page's shape while its code or data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" role="status" aria-busy="true" aria-label={t('session.loadingPage')}>
      <Skeleton h={32} w={260} radius="md" />
      <Group grow align="stretch" gap="lg">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <Skeleton h={14} w="40%" mb="md" />
            <Skeleton h={28} w="60%" mb="sm" />
            <Skeleton h={10} w="80%" />
          </Card>
        ))}
      </Group>
      <Card>
        <Skeleton h={16} w="30%" mb="lg" />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={12} mb="sm" />
        ))}
      </Card>
    </Stack>
  );
}
