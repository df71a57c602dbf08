import { Button, Code, FileButton, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconFileUpload } from '@tabler/icons-react';
import { GOOGLE_SCOPES, GoogleConnect } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { ConnectForm } from './connect-form.tsx';

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
  const form = useForm<GoogleConnect>({
    initialValues: { serviceAccountKey: '', adminEmail, customer: customer || 'my_customer' },
    validate: schemaResolver(GoogleConnect, { sync: true }),
  });
  const fieldError = useFieldError<GoogleConnect>(form.errors);
  const readKey = (file: File | null) => {
    if (file) void file.text().then((text) => form.setFieldValue('serviceAccountKey', text));
  };

  return (
    <ConnectForm
      companyId={companyId}
      product="google"
      title={t('integrations.google.connectTitle')}
      steps={[
        t('integrations.google.step1'),
        t('integrations.google.step2'),
        <>
          {t('integrations.google.step3')}
          <Code block mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {GOOGLE_SCOPES.join(',\n')}
          </Code>
        </>,
        t('integrations.google.step4'),
      ]}
      cantConnect={t('integrations.google.cantConnect')}
      onSubmit={(connect) => form.onSubmit((values) => connect(values))}
    >
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
    </ConnectForm>
  );
}
