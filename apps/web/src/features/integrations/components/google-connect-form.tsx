import {
  Button,
  Card,
  Code,
  FileButton,
  Group,
  List,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconFileUpload, IconPlugConnected } from '@tabler/icons-react';
import { GOOGLE_SCOPES, GoogleConnect } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useConnectFlow } from '../use-connect.ts';
import { ConnectErrorDialog } from './connect-error-dialog.tsx';

/**
 * Google Workspace connect: a service account with domain-wide delegation. The steps an admin takes
 * are on the form; the key's text is pasted or read from its file, never shown again.
 */
export function GoogleConnectForm({
  companyId,
  adminEmail,
  customer,
}: {
  companyId: string;
  adminEmail: string;
  customer: string;
}) {
  const { t } = useTranslation();
  const flow = useConnectFlow(companyId, 'google');
  const form = useForm<GoogleConnect>({
    initialValues: { serviceAccountKey: '', adminEmail, customer: customer || 'my_customer' },
    validate: schemaResolver(GoogleConnect, { sync: true }),
  });
  const fieldError = (name: keyof GoogleConnect) => {
    const error = form.errors[name];
    return typeof error === 'string' ? translateMessage(t, error) : error;
  };
  const readKey = (file: File | null) => {
    if (file) void file.text().then((text) => form.setFieldValue('serviceAccountKey', text));
  };

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => flow.connect(values))}
        data-testid="google-connect-form"
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('integrations.google.connectTitle')}
          </Title>
          <List size="sm" type="ordered" spacing={4}>
            <List.Item>{t('integrations.google.step1')}</List.Item>
            <List.Item>{t('integrations.google.step2')}</List.Item>
            <List.Item>
              {t('integrations.google.step3')}
              <Code block mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {GOOGLE_SCOPES.join(',\n')}
              </Code>
            </List.Item>
            <List.Item>{t('integrations.google.step4')}</List.Item>
          </List>
          <Textarea
            label={t('integrations.google.key')}
            description={t('integrations.google.keyHint')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            ff="monospace"
            {...form.getInputProps('serviceAccountKey')}
            error={fieldError('serviceAccountKey')}
          />
          <FileButton onChange={readKey} accept="application/json,.json">
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconFileUpload size={14} />}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('integrations.google.keyFile')}
              </Button>
            )}
          </FileButton>
          <TextInput
            label={t('integrations.google.adminEmail')}
            description={t('integrations.google.adminEmailHint')}
            withAsterisk
            type="email"
            {...form.getInputProps('adminEmail')}
            error={fieldError('adminEmail')}
          />
          <TextInput
            label={t('integrations.google.customer')}
            description={t('integrations.google.customerHint')}
            {...form.getInputProps('customer')}
            error={fieldError('customer')}
          />
          <Text size="xs" c="dimmed">
            {t('integrations.google.keyStored')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={flow.connecting} leftSection={<IconPlugConnected size={18} />}>
              {t('integrations.connect')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConnectErrorDialog
        details={flow.details}
        text={t('integrations.google.cantConnect')}
        onClose={flow.closeDetails}
      />
    </Card>
  );
}
