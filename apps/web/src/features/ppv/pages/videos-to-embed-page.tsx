import {
  Anchor,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Container,
  CopyButton,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCode } from '@tabler/icons-react';
import { LANGUAGES, SUBJECT_TYPES, type EmbedCategoriesResponse } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { languageName } from '../../../lib/language-name.ts';
import { PATHS, signInPath } from '../../../lib/paths.ts';
import { useEmbedCategories } from '../api/ppv.ts';
import { PPV_PATHS } from '../ppv-paths.ts';
import { iframeSnippet, playerSrc } from '../snippet.ts';

type EmbedSubject = EmbedCategoriesResponse['categories'][number]['subjects'][number];

/** What a snippet on this page carries instead of a company's key, which only /ppv shows. */
export const KEY_PLACEHOLDER = 'YOUR_EMBED_KEY';

/** The iframe snippet of one video, with the key left for the company to fill in. */
function SnippetModal({
  subject,
  lang,
  onClose,
}: {
  subject: EmbedSubject;
  lang: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const shown = subject.languages.includes(lang) ? lang : (subject.languages[0] ?? '');
  const src = playerSrc(window.location.origin, KEY_PLACEHOLDER, subject.subject_id, {
    size: 'medium',
    hideLogo: false,
    uid: '',
    lang: shown,
    langs: subject.languages,
    presetCaption: '',
    captionSettings: null,
  });
  const code = iframeSnippet(src, subject.subject_id, subject.title, 'medium');
  return (
    <Modal
      opened
      onClose={onClose}
      title={subject.title}
      size="lg"
      centered
      data-testid="embed-snippet-modal"
    >
      <Stack gap="md">
        {subject.thumb && (
          <AspectRatio ratio={16 / 9}>
            <Image src={subject.thumb} alt="" radius="sm" fit="cover" />
          </AspectRatio>
        )}
        <Text size="sm">
          {t('ppv.public.snippetIntro', { language: languageName(shown, i18n.language) })}
        </Text>
        <Code
          block
          fz="xs"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          data-testid="embed-snippet"
        >
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
        <Text size="sm" c="dimmed">
          {t('ppv.public.keyNote', { placeholder: KEY_PLACEHOLDER })}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={signInPath(PPV_PATHS.videos)} variant="default">
            {t('ppv.public.signIn')}
          </Button>
          <Button component={Link} to="/ppv-trial/" variant="light">
            {t('ppv.public.trial')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function VideoCard({ subject, onChoose }: { subject: EmbedSubject; onChoose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid={`embed-video-${subject.subject_id}`}>
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {subject.thumb ? (
            <Image src={subject.thumb} alt="" fit="cover" />
          ) : (
            <Box bg="var(--mantine-color-default-hover)" />
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Title order={3} fz="md">
            {subject.title}
          </Title>
          {subject.type === SUBJECT_TYPES.interactive && (
            <Badge variant="outline" size="sm" w="fit-content">
              {t('ppv.public.interactive')}
            </Badge>
          )}
          <Group gap={4} aria-label={t('ppv.videos.languages')} role="list">
            {subject.languages.map((code) => (
              <Badge key={code} variant="light" size="sm" tt="none" role="listitem">
                {languageName(code, i18n.language)}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCode size={16} />}
          onClick={onChoose}
          aria-label={`${t('ppv.public.getCode')}: ${subject.title}`}
          w="fit-content"
        >
          {t('ppv.public.getCode')}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * /videos-to-embed (public, spec 3 §2.2 'Videos to embed'): every category with its embeddable videos,
 * in the language chosen from the spec's ten; choosing a video gives its inline-frame snippet.
 */
export function VideosToEmbedPage() {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState(() =>
    LANGUAGES.some((l) => l.code === i18n.language) ? i18n.language : 'en',
  );
  const [chosen, setChosen] = useState<EmbedSubject | null>(null);
  const categories = useEmbedCategories(lang);
  // Failures to load the categories are swallowed (spec 3 §2.2): the page says there is nothing to show.
  const list = categories.data?.categories ?? [];

  return (
    <>
      <Box
        component="header"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between">
            <Anchor component={Link} to={PATHS.home} underline="never" c="inherit">
              <BrandMark size="sm" />
            </Anchor>
            <Button component={Link} to={signInPath(PPV_PATHS.videos)} variant="default" size="xs">
              {t('ppv.public.signIn')}
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size="lg" component="main" py="xl">
        <Stack gap="xl">
          <Group justify="space-between" align="flex-end" gap="md">
            <Stack gap={4} maw={640}>
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                {t('ppv.public.title')}
              </Title>
              <Text c="dimmed">{t('ppv.public.intro')}</Text>
            </Stack>
            <Select
              label={t('ppv.public.language')}
              data={LANGUAGES.map((l) => ({ value: l.code, label: languageName(l.code, i18n.language) }))}
              value={lang}
              onChange={(value) => value && setLang(value)}
              allowDeselect={false}
              w={220}
              data-testid="embed-language"
            />
          </Group>
          {categories.isPending ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={220} radius="md" />
              ))}
            </SimpleGrid>
          ) : list.length === 0 ? (
            <Text c="dimmed">{t('ppv.public.empty')}</Text>
          ) : (
            list.map((category) => (
              <Stack component="section" gap="sm" key={category.id} aria-labelledby={`cat-${category.id}`}>
                <Group gap="xs" align="baseline">
                  <Title order={2} fz="xl" id={`cat-${category.id}`}>
                    {category.name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('ppv.public.count', { count: category.subjects.length })}
                  </Text>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {category.subjects.map((subject) => (
                    <VideoCard
                      key={subject.subject_id}
                      subject={subject}
                      onChoose={() => setChosen(subject)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            ))
          )}
        </Stack>
      </Container>
      {chosen && <SnippetModal subject={chosen} lang={lang} onClose={() => setChosen(null)} />}
    </>
  );
}
