import { Button, Card, Group, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import { AzureConnect } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useConnectFlow } from '../use-connect.ts';
import { ConnectErrorDialog } from './connect-error-dialog.tsx';

/** Spec 3 §4/§5: Azure AD not enabled shows the connect form — tenant, Client App Id, client secret. */
export function AzureConnectForm({
  companyId,
  tenant,
  clientId,
}: {
  companyId: string;
  tenant: string;
  clientId: string;
}) {
  const { t } = useTranslation();
  const flow = useConnectFlow(companyId, 'azure');
  const form = useForm<AzureConnect>({
    initialValues: { tenant, clientId, clientSecret: '' },
    validate: schemaResolver(AzureConnect, { sync: true }),
  });
  const fieldError = (name: keyof AzureConnect) => {
    const error = form.errors[name];
    return typeof error === 'string' ? translateMessage(t, error) : error;
  };

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => flow.connect(values))}
        data-testid="azure-connect-form"
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('integrations.azure.connectTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('integrations.azure.connectIntro')}
          </Text>
          <List size="sm" type="ordered" spacing={4}>
            <List.Item>{t('integrations.azure.step1')}</List.Item>
            <List.Item>{t('integrations.azure.step2')}</List.Item>
            <List.Item>{t('integrations.azure.step3')}</List.Item>
          </List>
          <TextInput
            label={t('integrations.azure.tenant')}
            description={t('integrations.azure.tenantHint')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('tenant')}
            error={fieldError('tenant')}
          />
          <TextInput
            label={t('integrations.azure.clientId')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('clientId')}
            error={fieldError('clientId')}
          />
          <PasswordInput
            label={t('integrations.azure.clientSecret')}
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('clientSecret')}
            error={fieldError('clientSecret')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={flow.connecting} leftSection={<IconPlugConnected size={18} />}>
              {t('integrations.connect')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConnectErrorDialog details={flow.details} onClose={flow.closeDetails} />
    </Card>
  );
}
