import { Alert, Button, Grid, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconBell, IconHourglass } from '@tabler/icons-react';
import type { AssessmentView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { useAssessmentOverview } from '../api/assessment-reports-api.ts';
import { KeyBehavioursTable, ReportSection, ThreatAreasTable } from './area-tables.tsx';
import { DistributionChart } from './distribution-chart-loader.tsx';
import { ListScoresGrid } from './list-tables.tsx';
import { RecommendedTraining } from './recommended-training.tsx';
import { RemindersTable } from './reminders-table.tsx';
import { RiskInsights, type InsightActions } from './risk-insights.tsx';
import { ScoreCards } from './score-cards.tsx';

interface OverviewTabProps extends InsightActions {
  companyId: string;
  assessment: Pick<AssessmentView, 'id' | 'isScorm' | 'canRemind'>;
  isAdmin: boolean;
  onRemind: () => void;
}

function OverviewSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton h={300} radius="lg" />
        <Skeleton h={300} radius="lg" />
      </SimpleGrid>
      <Skeleton h={140} radius="lg" />
      <Skeleton h={240} radius="lg" />
    </Stack>
  );
}

/**
 * Spec 2 §2 overview: score and completion, distribution, insights, areas, behaviours, the training
 * the weakest behaviours call for, lists, reminders.
 */
export function OverviewTab({
  companyId,
  assessment,
  isAdmin,
  onRemind,
  onOpenArea,
  onOpenList,
}: OverviewTabProps) {
  const { t } = useTranslation();
  const overview = useAssessmentOverview(companyId, assessment.id);
  if (overview.isPending) return <OverviewSkeleton />;
  if (overview.isError) return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data;

  return (
    <Stack gap="lg" data-testid="assessment-overview">
      {data.usersFinished === 0 && (
        <Alert variant="light" color="blue" icon={<IconHourglass />} data-testid="overview-waiting">
          {t('assessmentReports.overview.waiting')}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ScoreCards overview={data} cols={{ base: 1, sm: 2, md: 1 }} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <DistributionChart bins={data.distribution} finished={data.usersFinished} />
        </Grid.Col>
      </Grid>
      <RiskInsights insights={data.insights} onOpenArea={onOpenArea} onOpenList={onOpenList} />
      <ReportSection
        title={t('assessmentReports.threatAreas.title')}
        caption={t('assessmentReports.threatAreas.caption')}
      >
        <ThreatAreasTable rows={data.threatAreas} onOpen={onOpenArea} />
      </ReportSection>
      <ReportSection title={t('assessmentReports.keyBehaviours.title')}>
        <KeyBehavioursTable rows={data.keyBehaviours} />
      </ReportSection>
      <RecommendedTraining companyId={companyId} assessmentId={assessment.id} isAdmin={isAdmin} />
      {data.listScores.length > 1 && (
        <ReportSection
          title={t('assessmentReports.listScores.title')}
          caption={t('assessmentReports.listScores.caption')}
        >
          <ListScoresGrid rows={data.listScores} onOpenArea={onOpenArea} />
        </ReportSection>
      )}
      {!assessment.isScorm && (
        <ReportSection title={t('assessmentReports.reminders.title')}>
          <RemindersTable rows={data.reminders} />
          {assessment.canRemind && (
            <Group justify="flex-end">
              <Button variant="light" leftSection={<IconBell size={16} />} onClick={onRemind}>
                {t('assessmentReports.reminders.open')}
              </Button>
            </Group>
          )}
        </ReportSection>
      )}
    </Stack>
  );
}
