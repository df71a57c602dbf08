import { Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconSwitchHorizontal } from '@tabler/icons-react';
import type { CurrentUser } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { signOut } from '../../../lib/session/index.ts';
import { AuthHeading } from './auth-heading.tsx';

interface SignedInPanelProps {
  user: CurrentUser;
  /** Where 'Go to homepage' leads: the redirect target, else the home page. */
  home: string;
}

/** The sign-in page for someone already signed in: who they are, and the two ways on. */
export function SignedInPanel({ user, home }: SignedInPanelProps) {
  const { t } = useTranslation();
  const switchUser = () =>
    openConfirmDialog({
      title: t('auth.signedIn.switchTitle'),
      message: t('auth.signedIn.switchMessage', { email: user.email }),
      confirmLabel: t('auth.signedIn.switchConfirm'),
      cancelLabel: t('actions.cancel'),
      onConfirm: () => void signOut(),
    });

  return (
    <>
      <AuthHeading title={t('auth.signedIn.title')} />
      <Card mb="lg" data-testid="signed-in-as">
        <Group wrap="nowrap">
          <Avatar color="brand" radius="xl" size="lg">
            {(user.name || user.email).slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {t('auth.signedIn.as')}
            </Text>
            <Text fw={600} truncate>
              {user.name || user.email}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
        </Group>
      </Card>
      <Stack gap="sm">
        <Button component={Link} to={home} size="md" rightSection={<IconArrowRight size={18} />}>
          {t('auth.signedIn.home')}
        </Button>
        <Button
          variant="default"
          size="md"
          leftSection={<IconSwitchHorizontal size={18} />}
          onClick={switchUser}
        >
          {t('auth.signedIn.another')}
        </Button>
      </Stack>
    </>
  );
}
