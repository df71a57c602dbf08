import {
  Alert,
  Box,
  Button,
  Card,
  Code,
  Grid,
  Group,
  LoadingOverlay,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconArrowBackUp, IconCertificate } from '@tabler/icons-react';
import {
  DEFAULT_EMAIL_TEXTS,
  EMAIL_TABS,
  EMAIL_TEXTS,
  EMAIL_VARIABLES,
  EmailSettingsUpdate,
  emailTextValue,
  isAssessmentEnabled,
  MAIL_LANGUAGES,
  type Company,
  type EmailPreviewKind,
  type EmailPreviewRequest,
  type EmailSettings,
  type EmailTab,
  type EmailText,
  type MailLanguage,
} from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuthToken, useCompany } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { useEmailPreview, useEmailSettings, useSaveEmailSettings } from '../api/email-settings.ts';
import { SaveFooter } from '../components/save-footer.tsx';

type Texts = Record<EmailText, string>;
interface FormValues {
  texts: Texts;
  markdown: Texts;
}

const PREVIEW_KIND: Record<Exclude<EmailTab, 'certificates'>, EmailPreviewKind> = {
  trainings: 'training',
  reminders: 'reminder',
  assessments: 'assessment',
};
/** Each mail language by its own name, as employees read it. */
const LANGUAGE_NAMES: Record<MailLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};
const PREVIEW_DEBOUNCE_MS = 400;

const valuesOf = (saved: EmailSettings): FormValues => ({ texts: saved.texts, markdown: saved.markdown });

/** Only what changed goes to the server. */
function changes(values: FormValues, saved: EmailSettings): EmailSettingsUpdate {
  const changed = (from: Texts, to: Texts) =>
    Object.fromEntries(EMAIL_TEXTS.filter((k) => from[k] !== to[k]).map((k) => [k, to[k]]));
  return { texts: changed(saved.texts, values.texts), markdown: changed(saved.markdown, values.markdown) };
}

function VariablesCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder={false} bg="var(--mantine-color-default-hover)" p="md">
      <Stack gap={6}>
        <Title order={3} fz="sm">
          {t('settings.email.variables.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.email.variables.hint')}
        </Text>
        <Box component="dl" m={0} data-testid="email-variables">
          {EMAIL_VARIABLES.map((name) => (
            <Group key={name} gap="xs" wrap="nowrap" align="baseline">
              <Box component="dt" miw={150}>
                <Code>{`{{${name}}}`}</Code>
              </Box>
              <Text component="dd" m={0} size="sm">
                {t(`settings.email.variables.${name}`)}
              </Text>
            </Group>
          ))}
        </Box>
      </Stack>
    </Card>
  );
}

interface TextFieldsProps {
  text: EmailText;
  language: MailLanguage;
  form: UseFormReturnType<FormValues, FormValues, (values: FormValues) => FormErrors>;
}

/** One text of a mail: its mail form and its chat twin, each with the error under it; 'Restore default'. */
function TextFields({ text, language, form }: TextFieldsProps) {
  const { t } = useTranslation();
  const error = useFieldError<Record<string, unknown>>(form.errors);
  const fallback = DEFAULT_EMAIL_TEXTS[language][text];
  const placeholder = fallback || t('settings.email.noDefault');
  const isDefault = form.values.texts[text] === '' && form.values.markdown[text] === '';
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md">
            {t(`settings.email.texts.${text}`)}
          </Title>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowBackUp size={16} />}
            disabled={isDefault}
            onClick={() => {
              form.setFieldValue(`texts.${text}`, '');
              form.setFieldValue(`markdown.${text}`, '');
            }}
            data-testid={`email-restore-${text}`}
          >
            {t('settings.email.restore')}
          </Button>
        </Group>
        <Textarea
          label={t('settings.email.mailText')}
          description={t('settings.email.mailTextHint')}
          placeholder={placeholder}
          autosize
          minRows={3}
          maxRows={10}
          data-testid={`email-text-${text}`}
          {...form.getInputProps(`texts.${text}`)}
          error={error(`texts.${text}`)}
        />
        <Textarea
          label={t('settings.email.chatText')}
          description={t('settings.email.chatTextHint')}
          placeholder={placeholder}
          autosize
          minRows={2}
          maxRows={8}
          data-testid={`email-markdown-${text}`}
          {...form.getInputProps(`markdown.${text}`)}
          error={error(`markdown.${text}`)}
        />
      </Stack>
    </Card>
  );
}

interface PreviewProps {
  companyId: string;
  kind: EmailPreviewKind;
  texts: Texts;
  language: MailLanguage;
  onLanguage: (language: MailLanguage) => void;
}

/** The mail as an employee gets it, rendered by the server with the texts being edited (valid ones). */
function MailPreview({ companyId, kind, texts, language, onLanguage }: PreviewProps) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(texts, PREVIEW_DEBOUNCE_MS);
  const request = useMemo<EmailPreviewRequest>(() => {
    const own = EMAIL_TEXTS.filter((k) => emailTextValue.safeParse(debounced[k]).success).map((k) => [
      k,
      debounced[k],
    ]);
    return { kind, language, texts: Object.fromEntries(own) };
  }, [debounced, kind, language]);
  const preview = useEmailPreview(companyId, request);
  return (
    <Card pos="relative">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Title order={2} fz="md">
            {t('settings.email.preview')}
          </Title>
          <Select
            label={t('settings.email.previewLanguage')}
            data={MAIL_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            value={language}
            onChange={(value) => value && onLanguage(value as MailLanguage)}
            allowDeselect={false}
            w={160}
            size="xs"
            data-testid="email-preview-language"
          />
        </Group>
        {preview.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateError(t, preview.error)}
          </Alert>
        )}
        {preview.data ? (
          <>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {t('settings.email.subject')}:
              </Text>{' '}
              <span data-testid="email-preview-subject">{preview.data.subject}</span>
            </Text>
            <Box
              component="iframe"
              title={t('settings.email.previewFrame')}
              srcDoc={preview.data.html}
              // Nothing in a mail runs: no scripts, no forms, links open nowhere.
              sandbox=""
              w="100%"
              h={640}
              bd="1px solid var(--mantine-color-default-border)"
              style={{ borderRadius: 'var(--mantine-radius-md)', background: '#f1f3f5' }}
              data-testid="email-preview-frame"
            />
          </>
        ) : (
          !preview.isError && <Skeleton h={640} radius="md" />
        )}
      </Stack>
      <LoadingOverlay
        visible={preview.isFetching && !!preview.data}
        overlayProps={{ blur: 1, opacity: 0.4 }}
      />
    </Card>
  );
}

/** The certificate tab's preview: the sample certificate PDF with the saved text. */
function CertificatePreview({ company }: { company: Company }) {
  const { t } = useTranslation();
  const token = useAuthToken() ?? '';
  const href = `/api/companies/${encodeURIComponent(company.company_id)}/download/certificate/preview?token=${encodeURIComponent(token)}`;
  return (
    <Card>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="md">
          {t('settings.email.preview')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.email.certificateHint')}
        </Text>
        <Button
          component="a"
          href={href}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconCertificate size={18} />}
          data-testid="email-certificate-preview"
        >
          {t('settings.appearance.certificatePreview')}
        </Button>
      </Stack>
    </Card>
  );
}

function EmailSettingsForm({ company, saved }: { company: Company; saved: EmailSettings }) {
  const { t } = useTranslation();
  const save = useSaveEmailSettings(company.company_id);
  const form = useForm<FormValues>({
    initialValues: valuesOf(saved),
    validate: schemaResolver(EmailSettingsUpdate, { sync: true }),
    validateInputOnChange: true,
  });
  const tabs = (Object.keys(EMAIL_TABS) as EmailTab[]).filter(
    (tab) => tab !== 'assessments' || isAssessmentEnabled(company),
  );
  const [tab, setTab] = useState<EmailTab>('trainings');
  const [language, setLanguage] = useState<MailLanguage>(saved.language);

  const submit = form.onSubmit((values) =>
    save.mutate(changes(values, saved), {
      onSuccess: (now) => {
        form.setInitialValues(valuesOf(now));
        form.resetDirty(valuesOf(now));
        showMessage({ type: 'success', message: t('settings.email.saved') });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Tabs value={tab} onChange={(value) => value && setTab(value as EmailTab)} keepMounted={false}>
        <Tabs.List mb="lg">
          {tabs.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`email-tab-${key}`}>
              {t(`settings.email.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((key) => (
          <Tabs.Panel key={key} value={key}>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <Stack gap="lg">
                  {EMAIL_TABS[key].map((text) => (
                    <TextFields key={text} text={text} language={language} form={form} />
                  ))}
                  <VariablesCard />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                {key === 'certificates' ? (
                  <CertificatePreview company={company} />
                ) : (
                  <MailPreview
                    companyId={company.company_id}
                    kind={PREVIEW_KIND[key]}
                    texts={form.values.texts}
                    language={language}
                    onLanguage={setLanguage}
                  />
                )}
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Stack gap="sm" mt="lg">
        <SaveFooter save={save} disabled={!form.isDirty()} testId="email-save" />
      </Stack>
    </form>
  );
}

/** Settings → Email settings (spec 1 §2): the mail texts per kind, with a live preview. */
export function EmailSettingsPage() {
  const { t } = useTranslation();
  const company = useCompany();
  const settings = useEmailSettings(company.company_id);
  return (
    <>
      <PageHeader title={t('settings.nav.email')} description={t('settings.email.description')} />
      {settings.isPending ? (
        <Stack gap="lg" role="status" aria-label={t('settings.email.loading')}>
          <Skeleton h={36} w={420} maw="100%" />
          <Skeleton h={220} />
          <Skeleton h={220} />
        </Stack>
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <EmailSettingsForm company={company} saved={settings.data} />
      )}
    </>
  );
}
