import { Badge, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { SUBJECT_TYPES, type TrainingLessonRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { useLessonFlags } from '../api/get-training.ts';
import { formatPercent } from '../../campaigns/index.ts';

interface FlagsProps {
  companyId: string;
  trainingId: string;
  lessons: TrainingLessonRow[] | undefined;
}

/** Per interactive lesson of the program: each red flag, how many found it and what share missed it. */
export function InteractiveFlags({ companyId, trainingId, lessons }: FlagsProps) {
  const interactive = (lessons ?? []).filter((l) => l.type === SUBJECT_TYPES.interactive);
  if (interactive.length === 0) return null;
  return (
    <Stack gap="lg" mt="lg">
      {interactive.map((lesson) => (
        <LessonFlags key={lesson.id} companyId={companyId} trainingId={trainingId} lesson={lesson} />
      ))}
    </Stack>
  );
}

function LessonFlags({
  companyId,
  trainingId,
  lesson,
}: {
  companyId: string;
  trainingId: string;
  lesson: TrainingLessonRow;
}) {
  const { t, i18n } = useTranslation();
  const flags = useLessonFlags(companyId, trainingId, lesson.id, i18n.language);
  const na = t('trainings.notAvailable');
  const titleId = `flags-${lesson.id}`;
  return (
    <section aria-labelledby={titleId} data-testid="lesson-flags">
      <Title order={3} size="h5" id={titleId} mb="xs">
        {t('trainings.flags.title', { name: lesson.name })}
      </Title>
      {flags.isError ? (
        <LoadError error={flags.error} onRetry={() => void flags.refetch()} />
      ) : flags.isPending ? (
        <Skeleton h={80} />
      ) : (
        flags.data.scenes.map((scene, i) => (
          <Stack key={scene.id} gap={4} mb="md">
            <Text size="sm" c="dimmed">
              {t('trainings.flags.scene', {
                n: i + 1,
                completed: scene.completed,
                right: scene.rightChoice,
              })}
            </Text>
            {scene.completed === 0 ? (
              <Text size="sm">{t('trainings.flags.none')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={420} type="native">
                <Table verticalSpacing="xs" horizontalSpacing="md">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('trainings.flags.flag')}</Table.Th>
                      <Table.Th>{t('trainings.flags.behaviour')}</Table.Th>
                      <Table.Th ta="right">{t('trainings.flags.found')}</Table.Th>
                      <Table.Th>{t('trainings.flags.missed')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {scene.flags.map((flag) => (
                      <Table.Tr key={flag.id} data-testid="flag-row">
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {flag.label}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color="gray">
                            {flag.behaviour}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">
                          {flag.found} / {scene.completed}
                        </Table.Td>
                        <Table.Td miw={140}>
                          <Text size="sm">
                            {t('trainings.flags.missedShare', {
                              percent: formatPercent(flag.missedPercent, na),
                            })}
                          </Text>
                          <Progress
                            value={flag.missedPercent ?? 0}
                            color="red"
                            size="sm"
                            aria-label={t('trainings.flags.missedShare', {
                              percent: formatPercent(flag.missedPercent, na),
                            })}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        ))
      )}
    </section>
  );
}
