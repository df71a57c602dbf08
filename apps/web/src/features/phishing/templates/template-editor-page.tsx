import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Select,
  Stack,
  Switch,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  PHISHING_FLAG_LOCATIONS,
  PHISHING_LURES,
  PHISHING_MESSAGES,
  type PhishingFlagLocation,
  type PhishingLure,
} from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { languageName } from '../../../lib/language-name.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { useCustomTemplate, usePhishingTemplates, useSaveCustomTemplate } from '../api/phishing-api.ts';
import { MailPreview } from '../components/mail-preview.tsx';
import { PHISHING_PATHS } from '../phishing-paths.ts';
import { translatePhishingError, translatePhishingMessage } from '../phishing-messages.ts';
import { landingPageLabel } from '../wizard/click-step.tsx';
import { HtmlEditor } from './html-editor.tsx';
import {
  EMPTY_TEMPLATE,
  formFromTemplate,
  missingFlagElements,
  previewMail,
  templateProblems,
  type TemplateForm,
} from './template-editor-rules.ts';

const LANGUAGES = ['en', 'de', 'fr', 'es'];

function TemplateEditor({ id, initial }: { id: string | null; initial: TemplateForm }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const company = useCompany();
  const [form, setForm] = useState(initial);
  const [showFlags, setShowFlags] = useState(true);
  const [tried, setTried] = useState(false);
  const save = useSaveCustomTemplate(company.company_id);
  const library = usePhishingTemplates(company.company_id, i18n.language);
  const landingPages = useMemo(
    () => [...new Set((library.data ?? []).map((tpl) => tpl.landingPageId))].sort(),
    [library.data],
  );
  const problems = templateProblems(form);
  const missing = missingFlagElements(form);
  const preview = useMemo(() => previewMail(form, showFlags), [form, showFlags]);
  const set = <K extends keyof TemplateForm>(key: K, value: TemplateForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setFlag = (index: number, change: Partial<TemplateForm['redFlags'][number]>) =>
    setForm((f) => ({
      ...f,
      redFlags: f.redFlags.map((flag, i) => (i === index ? { ...flag, ...change } : flag)),
    }));
  const error = (key: string) => (tried && problems[key] ? translatePhishingMessage(t, problems[key]) : null);

  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      { id, body: form },
      {
        onSuccess: () => {
          showMessage({
            type: 'success',
            message: translatePhishingMessage(t, PHISHING_MESSAGES.templateSaved),
          });
          void navigate(PHISHING_PATHS.templates);
        },
        onError: (e) => showMessage({ type: 'error', message: translatePhishingError(t, e) }),
      },
    );
  };

  return (
    <>
      <Button
        component={Link}
        to={PHISHING_PATHS.templates}
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
      >
        {t('phishing.editor.back')}
      </Button>
      <PageHeader
        title={id ? t('phishing.editor.titleEdit') : t('phishing.editor.titleNew')}
        description={t('phishing.editor.description', { linkKey: '{{link}}' })}
        actions={
          <Button onClick={submit} loading={save.isPending} data-testid="save-template">
            {t('phishing.editor.save')}
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="md">
          <Card withBorder>
            <Stack gap="sm">
              <TextInput
                label={t('phishing.editor.name')}
                value={form.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                error={error('name')}
                required
                data-testid="template-name"
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label={t('phishing.editor.language')}
                  data={LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.language) }))}
                  value={form.language}
                  onChange={(v) => v && set('language', v)}
                  allowDeselect={false}
                />
                <Select
                  label={t('phishing.templates.lure')}
                  data={PHISHING_LURES.map((lure) => ({ value: lure, label: t(`phishing.lures.${lure}`) }))}
                  value={form.lureKind}
                  onChange={(v) => v && set('lureKind', v as PhishingLure)}
                  allowDeselect={false}
                />
                <Select
                  label={t('phishing.templates.difficulty')}
                  data={[1, 2, 3].map((d) => ({ value: String(d), label: t(`phishing.difficulty.${d}`) }))}
                  value={String(form.difficulty)}
                  onChange={(v) => v && set('difficulty', Number(v))}
                  allowDeselect={false}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('phishing.editor.senderName')}
                  value={form.senderName}
                  onChange={(e) => set('senderName', e.currentTarget.value)}
                  error={error('senderName')}
                  required
                />
                <TextInput
                  label={t('phishing.editor.senderLocalPart')}
                  description={t('phishing.editor.senderLocalPartHint')}
                  value={form.senderLocalPart}
                  onChange={(e) => set('senderLocalPart', e.currentTarget.value)}
                  error={error('senderLocalPart')}
                  required
                />
              </SimpleGrid>
              <TextInput
                label={t('phishing.editor.subject')}
                value={form.subject}
                onChange={(e) => set('subject', e.currentTarget.value)}
                error={error('subject')}
                required
                data-testid="template-subject"
              />
              <Select
                label={t('phishing.wizard.click.landing')}
                data={landingPages.map((lp) => ({ value: lp, label: landingPageLabel(lp) }))}
                value={form.landingPageId || null}
                onChange={(v) => set('landingPageId', v ?? '')}
                error={error('landingPageId')}
                searchable
                required
                data-testid="template-landing"
              />
            </Stack>
          </Card>
          <Card withBorder>
            <HtmlEditor
              label={t('phishing.editor.html')}
              value={form.html}
              onChange={(html) => set('html', html)}
              error={error('html')}
              testId="template-html"
            />
          </Card>
          <Card withBorder>
            <Stack gap="sm">
              <Title order={2} fz="md">
                {t('phishing.editor.flags')}
              </Title>
              {form.redFlags.map((flag, index) => (
                <Card key={index} withBorder padding="sm" data-testid="red-flag-form">
                  <Stack gap="xs">
                    <Group gap="xs" align="flex-end" wrap="nowrap">
                      <TextInput
                        style={{ flex: 1 }}
                        label={t('phishing.editor.flagId')}
                        description={t('phishing.editor.flagIdHint')}
                        value={flag.id}
                        onChange={(e) => setFlag(index, { id: e.currentTarget.value })}
                        error={error(`redFlags.${index}.id`)}
                      />
                      <Select
                        w={150}
                        label={t('phishing.editor.flagLocation')}
                        data={PHISHING_FLAG_LOCATIONS.map((loc) => ({
                          value: loc,
                          label: t(`phishing.flagLocations.${loc}`),
                        }))}
                        value={flag.location}
                        onChange={(v) => v && setFlag(index, { location: v as PhishingFlagLocation })}
                        allowDeselect={false}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        onClick={() =>
                          set(
                            'redFlags',
                            form.redFlags.filter((_, i) => i !== index),
                          )
                        }
                        aria-label={t('phishing.editor.removeFlag', { id: flag.id })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                    <TextInput
                      label={t('phishing.editor.flagTitle')}
                      value={flag.title}
                      onChange={(e) => setFlag(index, { title: e.currentTarget.value })}
                      error={error(`redFlags.${index}.title`)}
                    />
                    <Textarea
                      label={t('phishing.editor.flagExplanation')}
                      value={flag.explanation}
                      onChange={(e) => setFlag(index, { explanation: e.currentTarget.value })}
                      autosize
                      minRows={2}
                      error={error(`redFlags.${index}.explanation`)}
                    />
                  </Stack>
                </Card>
              ))}
              {missing.length > 0 && (
                <Alert
                  color="orange"
                  variant="light"
                  icon={<IconAlertTriangle />}
                  data-testid="missing-flags"
                >
                  {t('phishing.editor.missingFlags', { ids: missing.join(', ') })}
                </Alert>
              )}
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() =>
                  set('redFlags', [
                    ...form.redFlags,
                    { id: '', title: '', explanation: '', location: 'body' },
                  ])
                }
                style={{ alignSelf: 'flex-start' }}
              >
                {t('phishing.editor.addFlag')}
              </Button>
            </Stack>
          </Card>
        </Stack>
        <Card withBorder style={{ alignSelf: 'flex-start', position: 'sticky', top: 16 }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="md">
                {t('phishing.editor.preview')}
              </Title>
              <Switch
                label={t('phishing.editor.showFlags')}
                checked={showFlags}
                onChange={(e) => setShowFlags(e.currentTarget.checked)}
              />
            </Group>
            <MailPreview
              title={t('phishing.preview.frame')}
              from={`${preview.fromName} <${preview.fromAddress}>`}
              subject={preview.subject}
              html={preview.doc}
              height={560}
              testId="editor-preview"
            />
          </Stack>
        </Card>
      </SimpleGrid>
    </>
  );
}

/** /phishing/templates/new and /phishing/templates/:templateId/edit: a company's own template. */
export function PhishingTemplateEditorPage() {
  const { templateId } = useParams();
  const company = useCompany();
  const stored = useCustomTemplate(company.company_id, templateId);
  if (!templateId) return <TemplateEditor id={null} initial={EMPTY_TEMPLATE} />;
  if (stored.isError) return <LoadError error={stored.error} onRetry={() => void stored.refetch()} />;
  if (stored.data === undefined) return <PageLoader />;
  if (stored.data === null) return <Navigate to={PHISHING_PATHS.templates} replace />;
  return <TemplateEditor key={templateId} id={templateId} initial={formFromTemplate(stored.data)} />;
}
