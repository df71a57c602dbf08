import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Image,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconTrash, IconUpload } from '@tabler/icons-react';
import {
  BRANDING_LINKS,
  FAVICON,
  FEATURE_FLAGS,
  LANGUAGES,
  MENU_TABS,
  ScoreRanges,
  type FeatureSettings,
  type ScoreRangeSetting,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompany, useCurrentUser } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import {
  useFeatureSettings,
  useRemoveFavicon,
  useSaveFeatureSettings,
  useSaveGlobalScoreRanges,
  useUploadFavicon,
} from '../api/feature-settings.ts';
import { ScoreRangesEditor } from '../components/score-ranges-editor.tsx';
import {
  formErrors,
  formPayload,
  formValues,
  STANDARD_RANGES,
  type FeatureFormValues,
} from '../feature-settings-form.ts';
import { SaveFooter } from '../components/save-footer.tsx';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

function FeatureForm({ saved }: { saved: FeatureSettings }) {
  const { t } = useTranslation();
  const save = useSaveFeatureSettings(saved.companyId);
  const form = useForm<FeatureFormValues>({ initialValues: formValues(saved), validate: formErrors });
  const error = (path: string) => {
    const message = form.errors[path];
    return typeof message === 'string' ? message : undefined;
  };
  const submit = form.onSubmit((values) =>
    save.mutate(formPayload(values), {
      onSuccess: (next) => {
        form.setValues(formValues(next));
        form.resetDirty(formValues(next));
        showMessage({ type: 'success', message: t('features.saved') });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title={t('features.menu.title')} description={t('features.menu.description')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {MENU_TABS.map((tab) => (
              <Checkbox
                key={tab}
                label={t('features.menu.hide', { tab: t(`features.tabs.${tab}`) })}
                data-testid={`feature-hide-${tab}`}
                {...form.getInputProps(`menuHidden.${tab}`, { type: 'checkbox' })}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Section title={t('features.flags.title')}>
          <Stack gap="sm">
            {FEATURE_FLAGS.map((flag) => (
              <Switch
                key={flag}
                label={t(`features.flags.${flag}`)}
                description={t(`features.flags.${flag}Hint`)}
                data-testid={`feature-flag-${flag}`}
                {...form.getInputProps(`flags.${flag}`, { type: 'checkbox' })}
              />
            ))}
          </Stack>
        </Section>

        <Section title={t('features.captions.title')}>
          <Select
            label={t('features.captions.language')}
            description={t('features.captions.languageHint')}
            data={LANGUAGES.map((l) => ({ value: l.code, label: l.english_name }))}
            clearable
            placeholder={t('features.captions.none')}
            {...form.getInputProps('presetCaptionLanguage')}
            value={form.values.presetCaptionLanguage || null}
            onChange={(value) => form.setFieldValue('presetCaptionLanguage', value ?? '')}
          />
          <Textarea
            label={t('features.captions.settings')}
            description={t('features.captions.settingsHint')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('captionsSettings')}
          />
        </Section>

        <Section title={t('features.branding.title')} description={t('features.branding.description')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('features.branding.accountName')}
              description={t('features.branding.accountNameHint')}
              maxLength={100}
              data-testid="feature-account-name"
              {...form.getInputProps('accountName')}
            />
            <TextInput
              label={t('features.branding.supportEmail')}
              type="email"
              maxLength={100}
              data-testid="feature-support-email"
              {...form.getInputProps('supportEmail')}
              error={error('supportEmail')}
            />
            {BRANDING_LINKS.map((link) => (
              <TextInput
                key={link}
                label={t(`features.branding.${link}`)}
                type="url"
                placeholder="https://"
                maxLength={500}
                data-testid={`feature-link-${link}`}
                {...form.getInputProps(`links.${link}`)}
                error={error(`links.${link}`)}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Section title={t('features.ranges.title')} description={t('features.ranges.description')}>
          <Radio.Group
            value={form.values.ownRanges ? 'own' : 'global'}
            onChange={(value) => form.setFieldValue('ownRanges', value === 'own')}
            label={t('features.ranges.choice')}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="global"
                label={t(saved.globalScoreRanges ? 'features.ranges.global' : 'features.ranges.standard')}
                data-testid="feature-ranges-global"
              />
              <Radio value="own" label={t('features.ranges.own')} data-testid="feature-ranges-own" />
            </Stack>
          </Radio.Group>
          {form.values.ownRanges && (
            <ScoreRangesEditor
              path="scoreRanges"
              value={form.values.scoreRanges}
              onChange={(ranges) => form.setFieldValue('scoreRanges', ranges)}
              errors={form.errors}
              testId="feature-ranges"
            />
          )}
        </Section>

        <SaveFooter save={save} disabled={!form.isDirty()} testId="feature-save" />
      </Stack>
    </form>
  );
}

function FaviconCard({ saved }: { saved: FeatureSettings }) {
  const { t } = useTranslation();
  const upload = useUploadFavicon(saved.companyId);
  const remove = useRemoveFavicon(saved.companyId);
  const failed = upload.error ?? remove.error;
  return (
    <Section
      title={t('features.favicon.title')}
      description={t('features.favicon.description', {
        kb: Math.round(FAVICON.maxBytes / 1024),
        side: FAVICON.maxSide,
      })}
    >
      <Group gap="md">
        {saved.faviconUrl ? (
          <Image src={saved.faviconUrl} alt={t('features.favicon.current')} w={32} h={32} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('features.favicon.none')}
          </Text>
        )}
        <FileButton
          accept="image/png,image/x-icon,image/vnd.microsoft.icon,.ico"
          onChange={(file) =>
            file &&
            upload.mutate(file, {
              onSuccess: () => showMessage({ type: 'success', message: t('features.saved') }),
            })
          }
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
            >
              {t('features.favicon.upload')}
            </Button>
          )}
        </FileButton>
        {saved.faviconUrl && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('features.favicon.remove')}
          </Button>
        )}
      </Group>
      {failed && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {translateError(t, failed)}
        </Alert>
      )}
    </Section>
  );
}

/** The global ranges every company without its own follows (super-admins). */
function GlobalRangesCard({ saved }: { saved: ScoreRangeSetting[] | null }) {
  const { t } = useTranslation();
  const save = useSaveGlobalScoreRanges();
  const [on, setOn] = useState(saved !== null);
  const [ranges, setRanges] = useState<ScoreRangeSetting[]>(saved ?? STANDARD_RANGES);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = ScoreRanges.safeParse(ranges);
    if (on && !parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [['global', ...i.path.map(String)].join('.'), i.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(
      { scoreRanges: on ? ranges : null },
      { onSuccess: () => showMessage({ type: 'success', message: t('features.saved') }) },
    );
  };
  return (
    <Section title={t('features.globalRanges.title')} description={t('features.globalRanges.description')}>
      <Switch
        label={t('features.globalRanges.enabled')}
        checked={on}
        onChange={(e) => setOn(e.currentTarget.checked)}
        data-testid="global-ranges-enabled"
      />
      {on && (
        <ScoreRangesEditor
          path="global"
          value={ranges}
          onChange={setRanges}
          errors={errors}
          testId="global-ranges"
        />
      )}
      <SaveFooter
        save={save}
        onClick={submit}
        label={t('features.globalRanges.save')}
        testId="global-ranges-save"
      />
    </Section>
  );
}

/**
 * A company's feature settings: its menu tabs, features, captions, white-label branding, favicon and
 * score ranges. Takes the company it edits, so the partner area can show it for a customer company.
 */
export function FeatureSettingsPanel({
  companyId,
  withGlobal = false,
}: {
  companyId: string;
  withGlobal?: boolean;
}) {
  const { t } = useTranslation();
  const features = useFeatureSettings(companyId);
  if (features.isPending)
    return (
      <Stack gap="lg" aria-busy>
        <Skeleton h={160} radius="md" />
        <Skeleton h={260} radius="md" />
      </Stack>
    );
  if (features.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
        {translateError(t, features.error)}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <FeatureForm key={features.data.companyId} saved={features.data} />
      <FaviconCard saved={features.data} />
      {withGlobal && (
        <GlobalRangesCard
          key={JSON.stringify(features.data.globalScoreRanges)}
          saved={features.data.globalScoreRanges}
        />
      )}
    </Stack>
  );
}

/** /settings/features: the current company's feature settings, for super-admins only. */
export function FeatureSettingsPage() {
  const { t } = useTranslation();
  const company = useCompany();
  const user = useCurrentUser().data;
  if (!user?.isSuperAdmin) return <NotFoundPage />;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('features.title')}
        description={t('features.description', { company: company.company_name })}
      />
      <FeatureSettingsPanel companyId={company.company_id} withGlobal />
    </Stack>
  );
}
