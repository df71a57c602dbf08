import {
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Grid,
  Group,
  Radio,
  SimpleGrid,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import {
  EMBED_SIZES,
  PPV_LIMITS,
  SUBJECT_TYPES,
  type CaptionSettings,
  type EmbedSize,
  type EmbedVideo,
} from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { languageName } from '../../../lib/language-name.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { useEmbedVideo, usePreviewToken } from '../api/ppv.ts';
import { DomainsCard } from '../components/domains-card.tsx';
import { usePpv } from '../components/ppv-layout.tsx';
import { PPV_PATHS } from '../ppv-paths.ts';
import { iframeSnippet, playerSrc, scriptSnippet, type EmbedChoice } from '../snippet.ts';

const SIZES = Object.keys(EMBED_SIZES) as EmbedSize[];

function SnippetBlock({ code, testId }: { code: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={testId}>
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <>
            <Button size="xs" variant={copied ? 'light' : 'filled'} onClick={copy} w="fit-content">
              {copied ? t('ppv.copied') : t('ppv.copy')}
            </Button>
            <VisuallyHidden aria-live="polite">{copied ? t('ppv.copied') : ''}</VisuallyHidden>
          </>
        )}
      </CopyButton>
    </Stack>
  );
}

function Configurator({ video }: { video: EmbedVideo }) {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const status = usePpv();
  const [choice, setChoice] = useState<EmbedChoice>(() => ({
    size: 'medium',
    hideLogo: false,
    uid: '',
    lang: video.languages.includes(i18n.language) ? i18n.language : (video.languages[0] ?? ''),
    langs: [...video.languages],
    presetCaption: '',
    captionSettings: null,
  }));
  const [debounced] = useDebouncedValue(choice, 400);
  const preview = usePreviewToken(company.company_id, video.subject_id, true);
  const set = <K extends keyof EmbedChoice>(key: K, value: EmbedChoice[K]) =>
    setChoice((current) => ({ ...current, [key]: value }));
  const name = (code: string) => languageName(code, i18n.language);
  const origin = window.location.origin;
  const key = status.apiKey ?? '';
  const src = playerSrc(origin, key, video.subject_id, choice);
  const size = EMBED_SIZES[choice.size];
  const captionLook = choice.captionSettings;
  const setLook = (part: Partial<CaptionSettings> | null) =>
    set(
      'captionSettings',
      part === null ? null : { size: 'medium', background: 'dark', ...captionLook, ...part },
    );

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="lg">
          <Card withBorder>
            <Stack gap="md">
              <Title order={2} fz="lg">
                {t('ppv.config.settings')}
              </Title>
              <Radio.Group
                label={t('ppv.config.size')}
                description={t('ppv.config.sizeHint')}
                value={choice.size}
                onChange={(value) => set('size', value as EmbedSize)}
              >
                <Stack gap="xs" mt="xs">
                  {SIZES.map((name) => (
                    <Radio
                      key={name}
                      value={name}
                      data-testid={`ppv-size-${name}`}
                      label={t(`ppv.config.sizes.${name}`)}
                      description={t('ppv.config.sizeReading', {
                        label: EMBED_SIZES[name].label,
                        width: EMBED_SIZES[name].width,
                        height: EMBED_SIZES[name].height,
                      })}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Switch
                label={t('ppv.config.showLogo')}
                checked={!choice.hideLogo}
                onChange={(event) => set('hideLogo', !event.currentTarget.checked)}
                data-testid="ppv-logo"
              />
              <TextInput
                label={t('ppv.config.uid')}
                description={t('ppv.config.uidHint')}
                value={choice.uid}
                maxLength={PPV_LIMITS.uidMax}
                onChange={(event) => set('uid', event.currentTarget.value)}
                data-testid="ppv-uid"
              />
              <Select
                label={t('ppv.config.firstLanguage')}
                data={video.languages.map((code) => ({ value: code, label: name(code) }))}
                value={choice.lang || null}
                onChange={(value) =>
                  setChoice((current) => ({
                    ...current,
                    lang: value ?? '',
                    langs:
                      value && !current.langs.includes(value) ? [value, ...current.langs] : current.langs,
                  }))
                }
                allowDeselect={false}
              />
              {video.languages.length > 1 && (
                <Checkbox.Group
                  label={t('ppv.config.languages')}
                  description={t('ppv.config.languagesHint')}
                  value={choice.langs}
                  onChange={(values) =>
                    set('langs', values.includes(choice.lang) ? values : [choice.lang, ...values])
                  }
                >
                  <Group gap="md" mt="xs">
                    {video.languages.map((code) => (
                      <Checkbox key={code} value={code} label={name(code)} disabled={code === choice.lang} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
              {/* An interactive subject has no video, so no captions to set. */}
              {video.type === SUBJECT_TYPES.video && (
                <>
                  <Select
                    label={t('ppv.config.presetCaption')}
                    data={[
                      { value: '', label: t('ppv.config.captionVideoLanguage') },
                      { value: 'off', label: t('ppv.config.captionOff') },
                      ...video.captionLanguages.map((code) => ({ value: code, label: name(code) })),
                    ]}
                    value={choice.presetCaption}
                    onChange={(value) => set('presetCaption', value ?? '')}
                    allowDeselect={false}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <Select
                      label={t('ppv.config.captionSize')}
                      data={[
                        { value: '', label: t('ppv.config.captionDefault') },
                        ...(['small', 'medium', 'large'] as const).map((value) => ({
                          value,
                          label: t(`ppv.config.captionSizes.${value}`),
                        })),
                      ]}
                      value={captionLook?.size ?? ''}
                      onChange={(value) => setLook(value ? { size: value as CaptionSettings['size'] } : null)}
                      allowDeselect={false}
                    />
                    <Select
                      label={t('ppv.config.captionBackground')}
                      data={(['dark', 'light', 'none'] as const).map((value) => ({
                        value,
                        label: t(`ppv.config.captionBackgrounds.${value}`),
                      }))}
                      value={captionLook?.background ?? 'dark'}
                      onChange={(value) =>
                        setLook({ background: (value ?? 'dark') as CaptionSettings['background'] })
                      }
                      disabled={!captionLook}
                      allowDeselect={false}
                    />
                  </SimpleGrid>
                </>
              )}
            </Stack>
          </Card>
          <DomainsCard status={status} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="lg">
          <Card withBorder>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {t('ppv.config.preview')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('ppv.config.previewHint', { width: size.width, height: size.height })}
              </Text>
              <Box style={{ overflowX: 'auto' }}>
                {preview.data ? (
                  <iframe
                    key={preview.data.token}
                    src={playerSrc(origin, key, video.subject_id, debounced, preview.data.token)}
                    width={size.width}
                    height={size.height}
                    title={t('ppv.config.previewTitle', { title: video.title })}
                    // As wide as the snippet makes it where there is room, scaled down on a phone.
                    style={{
                      border: 0,
                      display: 'block',
                      width: '100%',
                      maxWidth: size.width,
                      height: 'auto',
                      aspectRatio: `${size.width} / ${size.height}`,
                    }}
                    allow="fullscreen; picture-in-picture"
                    data-testid="ppv-preview"
                  />
                ) : preview.isError ? (
                  <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
                ) : (
                  <Box w={size.width} maw="100%" h={size.height} bg="dark.7" />
                )}
              </Box>
            </Stack>
          </Card>
          <Card withBorder>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {t('ppv.config.snippet')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('ppv.config.snippetHint')}
              </Text>
              <Tabs defaultValue="iframe">
                <Tabs.List>
                  <Tabs.Tab value="iframe">{t('ppv.config.iframe')}</Tabs.Tab>
                  <Tabs.Tab value="script">{t('ppv.config.script')}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="iframe" pt="sm">
                  <SnippetBlock
                    code={iframeSnippet(src, video.subject_id, video.title, choice.size)}
                    testId="ppv-snippet-iframe"
                  />
                </Tabs.Panel>
                <Tabs.Panel value="script" pt="sm">
                  <SnippetBlock
                    code={scriptSnippet(src, video.subject_id, video.title, choice.size)}
                    testId="ppv-snippet-script"
                  />
                </Tabs.Panel>
              </Tabs>
            </Stack>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** /ppv/embed/{subjectId}: the embed configurator with a live preview and the snippet to copy. */
export function EmbedConfigPage() {
  const { t } = useTranslation();
  const company = useCompany();
  const { subjectId = '' } = useParams();
  const video = useEmbedVideo(company.company_id, subjectId, subjectId !== '');
  const back = (
    <Anchor component={Link} to={PPV_PATHS.videos} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('ppv.config.back')}
      </Group>
    </Anchor>
  );
  if (video.isPending) return <PageLoader />;
  if (video.isError) return <LoadError error={video.error} onRetry={() => void video.refetch()} />;
  return (
    <>
      {back}
      <PageHeader title={video.data.title} description={t('ppv.config.description')} />
      {video.data.status ? (
        <Configurator video={video.data} />
      ) : (
        <Text role="alert" data-testid="ppv-config-inactive">
          {t('ppv.config.inactive')}
        </Text>
      )}
    </>
  );
}
