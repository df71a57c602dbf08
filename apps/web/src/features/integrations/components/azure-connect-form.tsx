import { PasswordInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { AzureConnect } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { ConnectForm } from './connect-form.tsx';

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
  const form = useForm<AzureConnect>({
    initialValues: { tenant, clientId, clientSecret: '' },
    validate: schemaResolver(AzureConnect, { sync: true }),
  });
  const fieldError = useFieldError<AzureConnect>(form.errors);

  return (
    <ConnectForm
      companyId={companyId}
      product="azure"
      title={t('integrations.azure.connectTitle')}
      intro={t('integrations.azure.connectIntro')}
      steps={[t('integrations.azure.step1'), t('integrations.azure.step2'), t('integrations.azure.step3')]}
      onSubmit={(connect) => form.onSubmit((values) => connect(values))}
    >
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
    </ConnectForm>
  );
}
