import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** What a page that crashed, or whose code failed to load after a release, shows instead. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={72} radius={72} variant="light" color="red">
          <IconAlertTriangle size={36} />
        </ThemeIcon>
        <Title order={1} fz={28}>
          {t('routeError.title')}
        </Title>
        <Text c="dimmed">{t('routeError.message')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}
