import { Grid, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The detail page's shape while the program loads. */
export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t('session.loadingPage')}>
      <Skeleton h={14} w={160} />
      <Group justify="space-between">
        <Skeleton h={32} w={320} />
        <Skeleton h={36} w={220} />
      </Group>
      <Group grow>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={58} radius="md" />
        ))}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={136} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={136} radius="lg" />
        </Grid.Col>
      </Grid>
      <Skeleton h={240} radius="lg" />
    </Stack>
  );
}
