import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconShieldCheck } from '@tabler/icons-react';
import type { AssessmentOverview } from '@vigil/shared';
import type { ReactNode } from 'react';
import { ScoreFigure } from './score-value.tsx';
import { useTranslation } from 'react-i18next';

function FigureCard({
  icon,
  title,
  figure,
  progress,
  caption,
  testId,
}: {
  icon: ReactNode;
  title: string;
  figure: ReactNode;
  progress: { value: number; color: string } | null;
  caption: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId} h="100%">
      <Stack gap="sm">
        <Group gap="xs" c="dimmed">
          {icon}
          <Title order={2} fz="sm" fw={600} tt="uppercase" lts={0.4}>
            {title}
          </Title>
        </Group>
        {figure}
        <Progress value={progress?.value ?? 0} color={progress?.color} size="md" radius="xl" aria-hidden />
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
      </Stack>
    </Card>
  );
}

type Figures = Pick<
  AssessmentOverview,
  'resilienceScore' | 'band' | 'completion' | 'usersFinished' | 'usersStarted' | 'usersTotal'
>;

/** The resilience score with its band, and the completion (spec 2 §2 overview). */
export function ScoreCards({
  overview,
  cols = { base: 1, sm: 2 },
}: {
  overview: Figures;
  cols?: Record<string, number>;
}) {
  const { t } = useTranslation();
  const { resilienceScore: score, band, completion } = overview;
  const notAvailable = (
    <Text fz={36} fw={700} c="dimmed" lh={1}>
      {t('assessmentReports.notAvailable')}
    </Text>
  );
  return (
    <SimpleGrid cols={cols} spacing="lg" h="100%">
      <FigureCard
        testId="resilience-score"
        icon={<IconShieldCheck size={18} />}
        title={t('assessmentReports.overview.resilience')}
        figure={<ScoreFigure score={score} band={band} />}
        progress={score === null ? null : { value: score, color: band?.color ?? 'gray' }}
        caption={
          score === null
            ? t('assessmentReports.overview.resilienceNone')
            : t('assessmentReports.overview.resilienceCaption', { count: overview.usersFinished })
        }
      />
      <FigureCard
        testId="completion"
        icon={<IconChecklist size={18} />}
        title={t('assessmentReports.overview.completion')}
        figure={
          completion === null ? (
            notAvailable
          ) : (
            <Text fz={36} fw={700} lh={1}>
              {Math.round(completion)}%
            </Text>
          )
        }
        progress={completion === null ? null : { value: completion, color: 'teal' }}
        caption={
          completion === null
            ? t('assessmentReports.overview.completionNone')
            : t('assessmentReports.overview.completionCaption', {
                finished: overview.usersFinished,
                count: overview.usersTotal,
                started: overview.usersStarted,
              })
        }
      />
    </SimpleGrid>
  );
}
