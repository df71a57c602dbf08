import { Badge, Card, Group, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { SUBJECT_TYPES, type InteractiveFlagStats, type TrainingLessonRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useLessonFlags } from '../api/get-training.ts';
import { formatPercent } from '../../campaigns/index.ts';

interface FlagsProps {
  companyId: string;
  trainingId: string;
  lessons: TrainingLessonRow[] | undefined;
}

/**
 * Per interactive lesson of the program: each red flag, how many found it and what share missed it;
 * a table, or cards on a phone.
 */
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
              <SceneFlags scene={scene} />
            )}
          </Stack>
        ))
      )}
    </section>
  );
}

type SceneStats = InteractiveFlagStats['scenes'][number];

/** The share that missed a flag, in words and as a bar. */
function Missed({ percent }: { percent: number | null }) {
  const { t } = useTranslation();
  const label = t('trainings.flags.missedShare', {
    percent: formatPercent(percent, t('trainings.notAvailable')),
  });
  return (
    <>
      <Text size="sm">{label}</Text>
      <Progress value={percent ?? 0} color="red" size="sm" aria-label={label} />
    </>
  );
}

/**
 * One scene's flags: a table, or on a phone a card per flag (its label, behaviour, found and missed
 * stacked) so nothing scrolls sideways.
 */
function SceneFlags({ scene }: { scene: SceneStats }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  if (phone)
    return (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {scene.flags.map((flag) => (
          <Card key={flag.id} component="li" withBorder padding="sm" data-testid="flag-row">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Text size="sm" fw={600}>
                  {flag.label}
                </Text>
                <Badge variant="light" color="gray" style={{ flex: 'none' }}>
                  {flag.behaviour}
                </Badge>
              </Group>
              <Text size="sm">
                {t('trainings.flags.found')}: {flag.found} / {scene.completed}
              </Text>
              <Missed percent={flag.missedPercent} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  return (
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
              <Missed percent={flag.missedPercent} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
