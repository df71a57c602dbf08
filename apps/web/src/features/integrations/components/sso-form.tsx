import {
  Button,
  Card,
  FileInput,
  Group,
  List,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDeviceFloppy, IconUpload } from '@tabler/icons-react';
import {
  AzureSsoSave,
  CERT_FILE_ACCEPT,
  certificateFileProblem,
  SamlSsoSave,
  type SsoSettings,
} from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useSaveSso, type SsoProduct } from '../api/sso.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';

type FormValues = {
  tenant: string;
  cert: string;
  appName: string;
  domain: string;
  metadataUrl: string;
  metadataXml: string;
  enabled: '0' | '1';
};

const valuesOf = (product: SsoProduct, values: FormValues): AzureSsoSave | SamlSsoSave =>
  product === 'azuresso'
    ? {
        tenant: values.tenant,
        cert: values.cert,
        appName: values.appName,
        domain: values.domain,
        enabled: values.enabled,
      }
    : {
        metadataUrl: values.metadataUrl,
        metadataXml: values.metadataXml,
        appName: values.appName,
        domain: values.domain,
        enabled: values.enabled,
      };

/**
 * Spec 3 §3–§5 Azure single sign-on (tenant, certificate, entity id, email domain, enabled) or a
 * generic SAML provider (metadata URL or XML, email domain, enabled). The switch flips enabled and saves
 * at once (spec 3 §4); the other fields save with the button.
 */
export function SsoForm({
  companyId,
  product,
  settings,
}: {
  companyId: string;
  product: SsoProduct;
  settings: SsoSettings;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveSso(companyId, product);
  const mine = settings.provider === product;
  const [fileError, setFileError] = useState<string | null>(null);
  const schema = product === 'azuresso' ? AzureSsoSave : SamlSsoSave;
  const form = useForm<FormValues>({
    initialValues: {
      tenant: mine ? settings.tenant : '',
      cert: mine ? settings.cert : '',
      appName: mine ? settings.appName : '',
      domain: mine ? settings.domain : '',
      metadataUrl: mine ? settings.metadataUrl : '',
      metadataXml: '',
      enabled: mine ? settings.enabled : '0',
    },
    validate: (values) => schemaResolver(schema, { sync: true })(valuesOf(product, values) as never),
  });
  const fieldError = useFieldError<FormValues>(form.errors);

  const submit = (values: FormValues) =>
    save.mutate(valuesOf(product, values), {
      onSuccess: () => showMessage({ type: 'success', message: t('integrations.sso.saved') }),
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });

  // Spec 3 §5: the first acceptable file is read as text into cert.
  async function readCertificate(file: File | null) {
    if (!file) return;
    const problem = certificateFileProblem(file);
    setFileError(problem ? translateMessage(t, problem) : null);
    if (!problem) form.setFieldValue('cert', await file.text());
  }

  const toggle = (on: boolean) => {
    form.setFieldValue('enabled', on ? '1' : '0');
    const validation = form.validate();
    if (validation.hasErrors) return form.setFieldValue('enabled', on ? '0' : '1');
    submit({ ...form.getValues(), enabled: on ? '1' : '0' });
  };

  const steps = product === 'azuresso' ? ['step1', 'step2', 'step3'] : ['step1', 'step2'];
  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={form.onSubmit(submit)} data-testid={`${product}-form`}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Title order={2} fz="lg">
              {t(`integrations.sso.${product}.title`)}
            </Title>
            <Switch
              label={t('integrations.sso.enabled')}
              checked={form.getValues().enabled === '1'}
              onChange={(event) => toggle(event.currentTarget.checked)}
              disabled={save.isPending}
              data-testid="sso-enabled"
            />
          </Group>
          <List size="sm" type="ordered" spacing={4}>
            {steps.map((step) => (
              <List.Item key={step}>{t(`integrations.sso.${product}.${step}`)}</List.Item>
            ))}
          </List>
          {product === 'azuresso' ? (
            <>
              <TextInput
                label={t('integrations.sso.tenant')}
                description={t('integrations.azure.tenantHint')}
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('tenant')}
                error={fieldError('tenant')}
              />
              <FileInput
                label={t('integrations.sso.certFile')}
                description={t('integrations.sso.certFileHint')}
                accept={CERT_FILE_ACCEPT}
                leftSection={<IconUpload size={16} />}
                clearable={false}
                onChange={(file) => void readCertificate(file)}
                error={fileError}
                data-testid="sso-cert-file"
              />
              <Textarea
                label={t('integrations.sso.cert')}
                withAsterisk
                autosize
                minRows={3}
                maxRows={8}
                styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
                {...form.getInputProps('cert')}
                error={fieldError('cert')}
              />
              {mine && settings.certInfo && (
                <Text size="sm" c="dimmed" data-testid="sso-cert-info">
                  {t('integrations.sso.certInfo', {
                    subject: settings.certInfo.subject,
                    date: formatDateTime(settings.certInfo.validTo, i18n.language),
                  })}
                </Text>
              )}
              <TextInput
                label={t('integrations.sso.appName')}
                description={t('integrations.sso.appNameHint')}
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('appName')}
                error={fieldError('appName')}
              />
            </>
          ) : (
            <>
              <TextInput
                label={t('integrations.sso.metadataUrl')}
                description={t('integrations.sso.metadataUrlHint')}
                type="url"
                autoComplete="off"
                {...form.getInputProps('metadataUrl')}
                error={fieldError('metadataUrl')}
              />
              <Textarea
                label={t('integrations.sso.metadataXml')}
                description={t('integrations.sso.metadataXmlHint')}
                autosize
                minRows={3}
                maxRows={10}
                styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
                {...form.getInputProps('metadataXml')}
                error={fieldError('metadataXml')}
              />
              {mine && settings.idpEntityId && (
                <Text size="sm" c="dimmed" data-testid="sso-idp">
                  {t('integrations.sso.idpInfo', { entityId: settings.idpEntityId, url: settings.ssoUrl })}
                </Text>
              )}
              <TextInput
                label={t('integrations.sso.appName')}
                description={t('integrations.sso.appNameOptional')}
                autoComplete="off"
                {...form.getInputProps('appName')}
                error={fieldError('appName')}
              />
            </>
          )}
          <TextInput
            label={t('integrations.sso.domain')}
            description={t('integrations.sso.domainHint')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('domain')}
            error={fieldError('domain')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
