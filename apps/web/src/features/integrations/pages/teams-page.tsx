import { Alert, Button, Card, Code, Group, List, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { TeamsSettingsSave, type TeamsSettings } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useChatChannels, useSaveTeamsSettings, useTeamsSettings } from '../api/chat.ts';
import { IntegrationShell } from '../components/integration-shell.tsx';
import { useFieldError } from '../../../lib/use-field-error.ts';

/**
 * /settings/integrations/teams (spec 3 §3, §4, §5): the company's Microsoft tenant (required), the
 * enabled toggle and the welcome message toggle (as Slack's), with what the tenant's admin does first (install the bot, consent).
 */
export function TeamsPage() {
  const { company_id: companyId } = useCompany();
  const settings = useTeamsSettings(companyId);
  const channels = useChatChannels(companyId);
  return (
    <IntegrationShell
      product="teams"
      query={settings}
      needsUpgrade={channels.data ? !channels.data.teams.available : undefined}
    >
      {settings.data && <TeamsForm companyId={companyId} data={settings.data} />}
    </IntegrationShell>
  );
}

function TeamsForm({ companyId, data }: { companyId: string; data: TeamsSettings }) {
  const { t } = useTranslation();
  const save = useSaveTeamsSettings(companyId);
  const form = useForm<TeamsSettingsSave>({
    initialValues: { tenant: data.tenant, enabled: data.enabled, welcomeMessage: data.welcomeMessage },
    validate: schemaResolver(TeamsSettingsSave, { sync: true }),
  });
  const fieldError = useFieldError<TeamsSettingsSave>(form.errors);
  const submit = (values: TeamsSettingsSave) =>
    save.mutate(values, {
      onSuccess: () => showMessage({ type: 'success', message: t('integrations.teams.saved') }),
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });

  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={form.onSubmit(submit)} data-testid="teams-form">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {data.connected
              ? t('integrations.connectedTo', { name: 'Microsoft Teams' })
              : t('integrations.teams.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('integrations.teams.intro')}
          </Text>
          <List size="sm" type="ordered" spacing={4}>
            <List.Item>{t('integrations.teams.step1')}</List.Item>
            <List.Item>{t('integrations.teams.step2')}</List.Item>
            <List.Item>{t('integrations.teams.step3')}</List.Item>
          </List>
          {data.botAppId ? (
            <Text size="sm">
              {t('integrations.teams.botId')}: <Code>{data.botAppId}</Code>
            </Text>
          ) : (
            <Alert color="yellow" title={t('integrations.teams.noBotTitle')}>
              {t('integrations.teams.noBot')}
            </Alert>
          )}
          <TextInput
            label={t('integrations.teams.tenant')}
            description={t('integrations.teams.tenantHint')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('tenant')}
            error={fieldError('tenant')}
            data-testid="teams-tenant"
          />
          <Switch
            label={t('integrations.teams.enabled')}
            checked={form.values.enabled === '1'}
            onChange={(event) => form.setFieldValue('enabled', event.currentTarget.checked ? '1' : '0')}
            data-testid="teams-enabled"
          />
          <Switch
            label={t('integrations.slack.welcome')}
            description={t('integrations.slack.welcomeHint')}
            checked={form.values.welcomeMessage === '1'}
            onChange={(event) =>
              form.setFieldValue('welcomeMessage', event.currentTarget.checked ? '1' : '0')
            }
            data-testid="teams-welcome"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
