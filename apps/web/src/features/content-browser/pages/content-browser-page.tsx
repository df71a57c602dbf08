import { Stack } from '@mantine/core';
import { CATALOG_MESSAGES, type MaterialItem, type SubjectSummary } from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentCompany } from '../../../lib/session/index.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import {
  QuestionPreviewModal,
  SubjectCard,
  SubjectCardSkeleton,
  SubjectPreviewModal,
} from '../../catalog/index.ts';
import { useContent } from '../api/get-content.ts';
import { filterParams, readFilters, sectionsShown, type ContentFilters } from '../content-filters.ts';
import { ContentFiltersBar } from '../components/content-filters-bar.tsx';
import { ContentSection } from '../components/content-section.tsx';
import { MaterialPreviewModal } from '../components/material-preview-modal.tsx';
import { MaterialTile } from '../components/material-tile.tsx';
import { QuestionTile, TileSkeleton } from '../components/question-tile.tsx';

/** /content and /resources: training subjects, assessment scenarios and material, filtered (spec 3 §2.3). */
export function ContentBrowserPage() {
  const { t, i18n } = useTranslation();
  const { company } = useCurrentCompany();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const content = useContent(company?.company_id ?? '', filters, i18n.language);
  const data = content.data;
  const questions = useMemo(() => data && [...data.questions].sort((a, b) => a.number - b.number), [data]);
  const [subject, setSubject] = useState<SubjectSummary | null>(null);
  const [questionIndex, setQuestionIndex] = useState<number | null>(null);
  const [material, setMaterial] = useState<MaterialItem | null>(null);

  if (!company) return null;
  const changeFilters = (next: ContentFilters) => setParams(filterParams(next), { replace: true });
  const shown = sectionsShown(filters);

  return (
    <>
      <PageHeader title={t('nav.content')} description={t('contentBrowser.description')} />
      <Stack gap={40}>
        <ContentFiltersBar
          filters={filters}
          categories={data?.categories ?? []}
          languages={data?.languages ?? []}
          onChange={changeFilters}
        />
        {content.isError && !data ? (
          <LoadError error={content.error} onRetry={() => void content.refetch()} />
        ) : (
          <>
            {shown.includes('training') && (
              <ContentSection
                id="training"
                title={t('contentBrowser.types.training')}
                items={data?.subjects}
                emptyTitle={translateMessage(t, CATALOG_MESSAGES.noSubjects)}
                skeleton={<SubjectCardSkeleton />}
                itemKey={(s) => s.id}
                renderItem={(s) => <SubjectCard subject={s} onOpen={() => setSubject(s)} />}
              />
            )}
            {shown.includes('assessment') && (
              <ContentSection
                id="assessment"
                title={t('contentBrowser.types.assessment')}
                items={questions}
                emptyTitle={t('contentBrowser.empty.assessment')}
                skeleton={<TileSkeleton />}
                itemKey={(q) => q.id}
                renderItem={(q, i) => <QuestionTile question={q} onOpen={() => setQuestionIndex(i)} />}
              />
            )}
            {shown.includes('material') && (
              <ContentSection
                id="material"
                title={t('contentBrowser.types.material')}
                items={data?.materials}
                emptyTitle={t('contentBrowser.empty.material')}
                skeleton={<TileSkeleton image />}
                itemKey={(m) => m.id}
                renderItem={(m) => <MaterialTile material={m} onOpen={() => setMaterial(m)} />}
              />
            )}
          </>
        )}
      </Stack>
      <SubjectPreviewModal subject={subject} onClose={() => setSubject(null)} />
      <QuestionPreviewModal
        opened={questionIndex !== null}
        onClose={() => setQuestionIndex(null)}
        questions={questions ?? []}
        index={questionIndex ?? 0}
        onIndexChange={setQuestionIndex}
      />
      <MaterialPreviewModal material={material} onClose={() => setMaterial(null)} />
    </>
  );
}
