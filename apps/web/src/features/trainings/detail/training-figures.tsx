import { Card, Group, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TrainingView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../campaigns/index.ts';

interface FigureCardProps {
  title: string;
  value: number | null;
  color: string;
  caption: string;
  testId: string;
}

function FigureCard({ title, value, color, caption, testId }: FigureCardProps) {
  const { t } = useTranslation();
  const shown = formatPercent(value, t('trainings.notAvailable'));
  return (
    <Card data-testid={testId}>
      <Group wrap="nowrap" gap="lg">
        <RingProgress
          size={104}
          thickness={10}
          roundCaps
          sections={value === null ? [] : [{ value: Math.min(Math.max(value, 0), 100), color }]}
          rootColor="var(--mantine-color-default-border)"
          label={
            <Text ta="center" fw={700} size={value === null ? 'sm' : 'lg'}>
              {shown}
            </Text>
          }
        />
        <Stack gap={4} miw={0}>
          <Title order={2} fz="md">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {caption}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

interface TrainingFiguresProps {
  training: TrainingView;
  /** Before anything is sent the cards say so instead of showing counts of nothing. */
  delivered: boolean;
}

/** Completion, quiz score and attendance (spec 2 §2 Training detail); "N/A" before anything is sent. */
export function TrainingFigures({ training, delivered }: TrainingFiguresProps) {
  const { t } = useTranslation();
  const pending = delivered ? null : t('trainings.detail.figuresPending');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      <FigureCard
        testId="completion-rate"
        title={t('trainings.detail.completionRate')}
        value={training.completionRate}
        color="teal"
        caption={
          pending ?? t('trainings.detail.completionCaption', { score: training.score, total: training.total })
        }
      />
      <FigureCard
        testId="quiz-score"
        title={t('figures.quizScore')}
        value={training.quizScore}
        color="grape"
        caption={
          pending ??
          t('trainings.detail.quizCaption', { correct: training.correct, answered: training.answered })
        }
      />
      <FigureCard
        testId="attendance"
        title={t('trainings.detail.attendance')}
        value={training.attendance}
        color="blue"
        caption={
          pending ??
          t('trainings.detail.attendanceCaption', { opened: training.opened, count: training.totalUsers })
        }
      />
    </SimpleGrid>
  );
}
