import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconAlertTriangle, IconDeviceFloppy, IconEyeOff } from '@tabler/icons-react';
import { CompanyUpdate, companySettings, LANGUAGES, type Company } from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompany } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { useSwitchTrackingAnonymous } from '../api/company-logo.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { CompanyTabs } from '../components/company-tabs.tsx';

const CompanyForm = CompanyUpdate.pick({
  company_name: true,
  defaultLanguage: true,
  passMark: true,
  timeZone: true,
}).required();
type CompanyFormValues = {
  company_name: string;
  defaultLanguage: (typeof LANGUAGES)[number]['code'];
  passMark: number;
  timeZone: string;
};

/** The form's values as the company has them saved. */
function savedValues(company: Company): CompanyFormValues {
  const { passMark, timeZone } = companySettings(company.settings);
  const language = LANGUAGES.find((l) => l.code === company.defaultLanguage)?.code ?? 'en';
  return { company_name: company.company_name, defaultLanguage: language, passMark, timeZone };
}

/**
 * Every IANA time zone the browser knows, with UTC first and the saved one kept, each once (Chromium
 * does not list UTC, and a select with a value twice fails to render).
 */
function timeZones(current: string): string[] {
  return [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), current])];
}

function CompanyDetailsForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.company_id);
  const saved = savedValues(company);
  const form = useForm<CompanyFormValues>({
    initialValues: saved,
    validate: schemaResolver(CompanyForm, { sync: true }),
  });
  const zones = useMemo(() => timeZones(saved.timeZone), [saved.timeZone]);
  const error = useFieldError<CompanyFormValues>(form.errors);

  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (company) => {
        form.resetDirty(savedValues(company));
        showMessage({ type: 'success', message: t('settings.company.saved') });
      },
    }),
  );

  return (
    <Card component="form" onSubmit={submit} noValidate>
      <Stack gap="lg">
        {update.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateError(t, update.error)}
          </Alert>
        )}
        <TextInput
          label={t('settings.company.name')}
          aria-required
          maxLength={150}
          data-testid="company-name"
          {...form.getInputProps('company_name')}
          error={error('company_name')}
        />
        <Select
          label={t('settings.company.defaultLanguage')}
          description={t('settings.company.defaultLanguageHint')}
          data={LANGUAGES.map((l) => ({ value: l.code, label: l.english_name }))}
          allowDeselect={false}
          data-testid="company-default-language"
          {...form.getInputProps('defaultLanguage')}
        />
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

/** ui.sendEnrolment: saved as soon as it is switched. */
function EnrolmentEmailCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.company_id);
  const on = companySettings(company.settings).sendEnrolment;
  return (
    <Card>
      <Switch
        checked={on}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(
            { sendEnrolment: event.currentTarget.checked },
            { onSuccess: () => showMessage({ type: 'success', message: t('settings.company.saved') }) },
          )
        }
        label={t('settings.company.enrolment.label')}
        description={t('settings.company.enrolment.hint')}
        size="md"
        data-testid="company-enrolment"
      />
      {update.isError && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {translateError(t, update.error)}
        </Text>
      )}
    </Card>
  );
}

/** User logging (spec 1 §4): on → off only; the confirmation says it cannot be undone. */
function UserLoggingCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const switchOff = useSwitchTrackingAnonymous(company.company_id);
  const [asking, setAsking] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const anonymous = company.anonymousTracking === 1;
  const close = () => {
    setAsking(false);
    setUnderstood(false);
  };

  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md">
            {t('settings.company.logging.title')}
          </Title>
          <Badge color={anonymous ? 'gray' : 'brand'} variant="light" data-testid="company-logging-state">
            {anonymous ? t('settings.company.logging.off') : t('settings.company.logging.on')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {anonymous ? t('settings.company.logging.offText') : t('settings.company.logging.onText')}
        </Text>
        {!anonymous && (
          <Group>
            <Button
              variant="outline"
              color="red"
              leftSection={<IconEyeOff size={18} />}
              onClick={() => setAsking(true)}
              data-testid="company-logging-disable"
            >
              {t('settings.company.logging.disable')}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={asking} onClose={close} title={t('settings.company.logging.confirmTitle')} centered>
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
            {t('settings.company.logging.confirmText')}
          </Alert>
          <Checkbox
            checked={understood}
            onChange={(event) => setUnderstood(event.currentTarget.checked)}
            label={t('settings.company.logging.confirmCheck')}
            data-testid="company-logging-understood"
          />
          {switchOff.isError && (
            <Text c="red" size="sm" role="alert">
              {translateError(t, switchOff.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!understood}
              loading={switchOff.isPending}
              data-testid="company-logging-confirm"
              onClick={() =>
                switchOff.mutate(undefined, {
                  onSuccess: () => {
                    close();
                    showMessage({ type: 'success', message: t('settings.company.logging.done') });
                  },
                })
              }
            >
              {t('settings.company.logging.disable')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** /settings/company: name, default language, certificates and mails, enrolment email, user logging. */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  const company = useCompany();
  return (
    <>
      <PageHeader title={t('settings.nav.company')} description={t('settings.company.description')} />
      <CompanyTabs />
      <Stack gap="lg" maw={720}>
        <CompanyDetailsForm key={company.company_id} company={company} />
        <EnrolmentEmailCard company={company} />
        <UserLoggingCard company={company} />
      </Stack>
    </>
  );
}
