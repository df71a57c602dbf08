import { Anchor, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { CATALOG_MESSAGES } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ContentLanguageSelect } from '../../../components/content-language-select.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { languageName } from '../../../lib/language-name.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useSubject } from '../api/get-subject.ts';
import { CATALOG_PATHS } from '../catalog-paths.ts';
import { FurtherReading } from '../components/further-reading.tsx';
import { SubjectFacts } from '../components/subject-facts.tsx';
import { SubjectNotes } from '../components/subject-notes.tsx';
import { SubjectPlayer } from '../components/subject-player.tsx';
import { PreviewQuiz } from '../components/preview-quiz.tsx';
import { UnavailableBanner } from '../components/unavailable-banner.tsx';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { usePreviewEvents } from '../use-preview-events.ts';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `section-${testId ?? title}`;
  return (
    <Card component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={2} fz="lg" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

function SubjectSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={32} w={320} />
      <Skeleton h={14} w="60%" />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Skeleton h={200} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function BackToSubjects() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={CATALOG_PATHS.catalog} size="sm" mb="md" display="inline-block">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {translateMessage(t, CATALOG_MESSAGES.backToSubjects)}
      </Group>
    </Anchor>
  );
}

/** /catalog/subject/{subjectId}: a subject with its preview, quiz, further reading and notes (spec 3 §2.2). */
export function SubjectDetailPage() {
  const { t, i18n } = useTranslation();
  const { subjectId = '' } = useParams();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const companyId = company.company_id;
  // The language chosen on this page; the interface language until one is chosen.
  const [chosenLanguage, setChosenLanguage] = useState<string | null>(null);
  const lang = chosenLanguage ?? i18n.language;
  const query = useSubject(companyId, subjectId, lang);
  const onEvent = usePreviewEvents(companyId, subjectId, Boolean(query.data && !query.data.disabled));

  if (query.isPending) {
    return (
      <>
        <BackToSubjects />
        <SubjectSkeleton />
      </>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <NotFoundPage backTo={CATALOG_PATHS.catalog} />;
    }
    return (
      <>
        <BackToSubjects />
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }

  const subject = query.data;
  const shownLanguage = subject.languages.includes(lang) ? lang : subject.language;
  return (
    <>
      <BackToSubjects />
      <PageHeader
        title={subject.title}
        description={subject.description}
        actions={
          <ContentLanguageSelect
            languages={subject.languages}
            value={shownLanguage}
            onChange={setChosenLanguage}
            loading={query.isPlaceholderData}
          />
        }
      />
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <SubjectFacts subject={subject} />
          <Text size="sm" c="dimmed">
            {t('catalog.availableIn', {
              languages: subject.languages.map((code) => languageName(code, i18n.language)).join(', '),
            })}
          </Text>
        </Group>
        {subject.disabled && <UnavailableBanner company={company} />}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              {!subject.disabled && (
                <Section title={t('catalog.preview.title')} testId="subject-preview">
                  <SubjectPlayer subject={subject} onEvent={onEvent} />
                </Section>
              )}
              {!subject.disabled && subject.questions.length > 0 && (
                <PreviewQuiz questions={subject.questions} onEvent={onEvent} />
              )}
              {!subject.disabled && subject.content.trim() !== '' && (
                <Section title={t('catalog.furtherReading')} testId="further-reading-section">
                  <FurtherReading html={subject.content} />
                </Section>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Section title={t('catalog.notes.title')} testId="notes">
              <SubjectNotes
                companyId={companyId}
                subjectId={subject.id}
                notes={subject.notes}
                canEdit={isAdmin}
              />
            </Section>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
