import { Button, Group, Text } from '@mantine/core';
import { IconSpy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showMessage } from '../../components/app-messages.ts';
import { PATHS } from '../../lib/paths.ts';
import { useCurrentUser } from '../../lib/session/index.ts';
import { translateError } from '../../lib/translate-message.ts';
import { useEndImpersonation } from './api/end-impersonation.ts';

export const IMPERSONATION_BANNER_HEIGHT = 44;

/** Always visible while a super-admin acts as someone else. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const end = useEndImpersonation();
  if (!user?.impersonatedBy) return null;

  const back = () =>
    end.mutate(undefined, {
      onSuccess: (result) => void navigate(result === 'own-account' ? PATHS.home : PATHS.signIn),
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });

  return (
    <Group
      h={IMPERSONATION_BANNER_HEIGHT}
      px="md"
      gap="sm"
      justify="center"
      wrap="nowrap"
      bg="orange.6"
      c="white"
      role="status"
      data-testid="impersonation-banner"
    >
      <IconSpy size={18} aria-hidden />
      <Text size="sm" fw={500} truncate>
        {t('impersonation.banner', {
          name: user.name || user.email,
          email: user.email,
          by: user.impersonatedBy.email,
        })}
      </Text>
      <Button size="compact-sm" variant="white" color="orange" onClick={back} loading={end.isPending}>
        {t('impersonation.back')}
      </Button>
    </Group>
  );
}
