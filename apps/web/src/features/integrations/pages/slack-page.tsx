import { Alert, Button, Card, Group, List, Stack, Switch, Text } from '@mantine/core';
import { IconBrandSlack, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCompany } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import {
  useChatChannels,
  useFinishSlackConnect,
  useSaveSlackSettings,
  useSlackSettings,
  useUnlinkChat,
} from '../api/chat.ts';
import { IntegrationShell } from '../components/integration-shell.tsx';

/**
 * /settings/integrations/slack (spec 3 §3, §4): 'Add to Slack' (OAuth v2) when not connected; once
 * connected, the workspace, the welcome message toggle and Unlink. Slack sends the admin back here with
 * `code` and `state`, which the page hands to the server once and then drops from the address.
 */
export function SlackPage() {
  const { t } = useTranslation();
  const { company_id: companyId } = useCompany();
  const settings = useSlackSettings(companyId);
  const channels = useChatChannels(companyId);
  const finish = useFinishSlackConnect(companyId);
  const save = useSaveSlackSettings(companyId);
  const unlink = useUnlinkChat(companyId, 'slack');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');

  useEffect(() => {
    if (handled.current || (!code && !denied)) return;
    handled.current = true;
    void navigate({ search: '' }, { replace: true });
    if (denied || !code || !state) {
      showMessage({ type: 'error', message: t('integrations.slack.denied') });
      return;
    }
    finish.mutate(
      { code, state },
      {
        onSuccess: () => showMessage({ type: 'success', message: t('integrations.slack.connectedToast') }),
        onError: (error) =>
          showMessage({
            type: 'error',
            message: t('integrationMessages.connectionFailed', { error: translateError(t, error) }),
          }),
      },
    );
  }, [code, state, denied, finish, navigate, t]);

  const data = settings.data;
  const confirmUnlink = () =>
    openConfirmDialog({
      title: t('integrations.unlinkTitle', { name: 'Slack' }),
      message: t('integrations.slack.unlinkText'),
      confirmLabel: t('integrations.unlink'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        void unlink.mutateAsync().then(
          () => showMessage({ type: 'success', message: t('integrations.slack.unlinked') }),
          (error: unknown) =>
            showMessage({
              type: 'error',
              message: t('integrationMessages.unlinkFailed', { message: translateError(t, error) }),
            }),
        ),
    });

  return (
    <IntegrationShell
      product="slack"
      query={settings}
      needsUpgrade={channels.data ? !channels.data.slack.available : undefined}
    >
      {data && !data.connected && (
        <Card withBorder padding="lg" data-testid="slack-connect">
          <Stack gap="md">
            <Text fw={600}>{t('integrations.slack.connectTitle')}</Text>
            <List size="sm" spacing={4}>
              <List.Item>{t('integrations.slack.step1')}</List.Item>
              <List.Item>{t('integrations.slack.step2')}</List.Item>
              <List.Item>{t('integrations.slack.step3')}</List.Item>
            </List>
            {data.connectUrl ? (
              <Group>
                <Button
                  component="a"
                  href={data.connectUrl}
                  leftSection={<IconBrandSlack size={18} aria-hidden />}
                  loading={finish.isPending}
                  data-testid="add-to-slack"
                >
                  {t('integrations.slack.add')}
                </Button>
              </Group>
            ) : (
              <Alert color="yellow" title={t('integrations.slack.notConfiguredTitle')}>
                {t('integrations.slack.notConfigured')}
              </Alert>
            )}
          </Stack>
        </Card>
      )}
      {data?.connected && (
        <Card withBorder padding="lg" data-testid="connection-card">
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" gap="md">
              <Stack gap={4}>
                <Text fw={600}>{t('integrations.connectedTo', { name: 'Slack' })}</Text>
                <Text size="sm" c="dimmed">
                  {t('integrations.slack.workspace')}: {data.team ?? '–'}
                </Text>
              </Stack>
              <Button
                variant="light"
                color="red"
                leftSection={<IconLinkOff size={18} aria-hidden />}
                onClick={confirmUnlink}
                loading={unlink.isPending}
              >
                {t('integrations.unlink')}
              </Button>
            </Group>
            <Switch
              label={t('integrations.slack.welcome')}
              description={t('integrations.slack.welcomeHint')}
              checked={data.welcomeMessage === '1'}
              disabled={save.isPending}
              onChange={(event) =>
                save.mutate(
                  { welcomeMessage: event.currentTarget.checked ? '1' : '0' },
                  { onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }) },
                )
              }
              data-testid="slack-welcome"
            />
            <Text size="sm" c="dimmed">
              {t('integrations.slack.howItWorks')}
            </Text>
          </Stack>
        </Card>
      )}
    </IntegrationShell>
  );
}
