import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { isTrainingEnabled, type Company } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentLanguageSelect } from '../../../components/content-language-select.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useCurrentCompany } from '../../../lib/session/index.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSubject } from '../api/get-subject.ts';
import { CATALOG_PATHS } from '../catalog-paths.ts';
import { usePreviewEvents } from '../use-preview-events.ts';
import { SubjectFacts } from './subject-facts.tsx';
import { PreviewQuiz } from './preview-quiz.tsx';
import { SubjectPlayer } from './subject-player.tsx';
import { UnavailableBanner } from './unavailable-banner.tsx';

function SubjectPreviewBody({ company, subjectId }: { company: Company; subjectId: string }) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState(i18n.language);
  const query = useSubject(company.company_id, subjectId, language);
  const onEvent = usePreviewEvents(
    company.company_id,
    subjectId,
    Boolean(query.data && !query.data.disabled),
  );

  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={14} w="50%" />
        <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" />
      </Stack>
    );
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const subject = query.data;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {subject.description}
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SubjectFacts subject={subject} />
        <ContentLanguageSelect
          languages={subject.languages}
          value={subject.languages.includes(language) ? language : subject.language}
          onChange={setLanguage}
          loading={query.isPlaceholderData}
        />
      </Group>
      {subject.disabled ? (
        <UnavailableBanner company={company} />
      ) : (
        <>
          <SubjectPlayer subject={subject} onEvent={onEvent} />
          {subject.questions.length > 0 && <PreviewQuiz questions={subject.questions} onEvent={onEvent} />}
        </>
      )}
      {isTrainingEnabled(company) && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={CATALOG_PATHS.subject(subject.id)}
            variant="default"
            rightSection={<IconArrowRight size={16} />}
          >
            {t('catalog.openSubject')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface SubjectPreviewModalProps {
  /** The subject to preview; the modal is closed when null. */
  subject: { id: string; title: string } | null;
  onClose: () => void;
}

/** A subject's player in a modal, for previewing it where it is listed (the content browser). */
export function SubjectPreviewModal({ subject, onClose }: SubjectPreviewModalProps) {
  const phone = useIsPhone();
  const { company } = useCurrentCompany();
  return (
    <Modal opened={subject !== null} onClose={onClose} size="xl" fullScreen={phone} title={subject?.title}>
      {subject && company && <SubjectPreviewBody key={subject.id} company={company} subjectId={subject.id} />}
    </Modal>
  );
}
