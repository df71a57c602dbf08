import { Badge, Group } from '@mantine/core';
import { IconArrowsSplit2, IconClock, IconFolder, IconListCheck } from '@tabler/icons-react';
import { SUBJECT_TYPES, type SubjectSummary } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDuration, showsDuration } from '../catalog-filter.ts';

/** A subject's category, duration (not for SCORM quizzes), kind and quiz size as badges. */
export function SubjectFacts({ subject }: { subject: SubjectSummary }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid="subject-facts">
      <Badge variant="light" color="gray" leftSection={<IconFolder size={12} />}>
        {subject.category}
      </Badge>
      {showsDuration(subject.type) && (
        <Badge
          variant="light"
          color="gray"
          leftSection={<IconClock size={12} />}
          aria-label={t('catalog.durationLabel', { duration: formatDuration(subject.duration) })}
        >
          {formatDuration(subject.duration)}
        </Badge>
      )}
      {subject.type === SUBJECT_TYPES.decision && (
        <Badge variant="light" color="grape" leftSection={<IconArrowsSplit2 size={12} />}>
          {t('catalog.decision')}
        </Badge>
      )}
      {subject.questions_count > 0 && (
        <Badge variant="light" color="gray" leftSection={<IconListCheck size={12} />}>
          {t('catalog.questionsCount', { count: subject.questions_count })}
        </Badge>
      )}
    </Group>
  );
}
