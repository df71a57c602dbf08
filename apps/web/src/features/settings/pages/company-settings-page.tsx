import { Alert, Button, Card, Group, NumberInput, Select, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { CompanyUpdate, companySettings, type Company } from '@vigil/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompany } from '../../../lib/session/index.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useUpdateCompany } from '../api/update-company.ts';

const CertificatesAndMails = CompanyUpdate.pick({ passMark: true, timeZone: true }).required();

/** The form's values as the company has them saved. */
function savedValues(company: Company) {
  const { passMark, timeZone } = companySettings(company.settings);
  return { passMark, timeZone };
}

/** Every IANA time zone the browser knows, with UTC first. */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return ['UTC', ...known.filter((zone) => zone !== 'UTC'), ...(known.includes(current) ? [] : [current])];
}

function CompanySettingsForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.company_id);
  const saved = savedValues(company);
  const form = useForm({
    initialValues: saved,
    validate: schemaResolver(CertificatesAndMails, { sync: true }),
  });
  const zones = useMemo(() => timeZones(saved.timeZone), [saved.timeZone]);
  const error = (field: 'passMark' | 'timeZone') => {
    const message = form.errors[field];
    return typeof message === 'string' ? translateMessage(t, message) : message;
  };

  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (company) => {
        form.resetDirty(savedValues(company));
        showMessage({ type: 'success', message: t('settings.company.saved') });
      },
    }),
  );

  return (
    <Card component="form" onSubmit={submit} noValidate maw={640}>
      <Stack gap="lg">
        {update.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateError(t, update.error)}
          </Alert>
        )}
        <NumberInput
          label={t('settings.company.passMark')}
          description={t('settings.company.passMarkHint')}
          min={0}
          max={100}
          step={5}
          allowDecimal={false}
          suffix=" %"
          data-testid="company-pass-mark"
          {...form.getInputProps('passMark')}
          error={error('passMark')}
        />
        <Select
          label={t('settings.company.timeZone')}
          description={t('settings.company.timeZoneHint')}
          data={zones}
          searchable
          allowDeselect={false}
          limit={50}
          data-testid="company-time-zone"
          {...form.getInputProps('timeZone')}
          error={error('timeZone')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!form.isDirty()}
            leftSection={<IconDeviceFloppy size={18} />}
            data-testid="company-save"
          >
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /settings/company: the certificate pass mark and the time zone of the company's mails (admins). */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  const company = useCompany();
  return (
    <>
      <PageHeader title={t('settings.nav.company')} description={t('settings.company.description')} />
      <CompanySettingsForm key={company.company_id} company={company} />
    </>
  );
}
