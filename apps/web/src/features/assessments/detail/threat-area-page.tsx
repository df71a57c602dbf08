import { Anchor, Card, Grid, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMapSearch } from '@tabler/icons-react';
import type { AssessmentView } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Fact } from '../../../components/fact-tile.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { isClientError } from '../../../lib/api-error.ts';
import { useCompany, useIsAdmin, useBrandedTitle } from '../../../lib/session/index.ts';
import { DetailSkeleton } from '../../campaigns/index.ts';
import { useThreatAreaDetail } from '../api/assessment-reports-api.ts';
import { useAssessment } from '../api/assessments-api.ts';
import { KeyBehavioursTable, ReportSection } from './area-tables.tsx';
import { AssessmentNotFound } from './assessment-detail-page.tsx';
import { DistributionChart } from './distribution-chart-loader.tsx';
import { EmployeesReport } from './employees-report.tsx';
import { EmployeeListsTable, QuestionsTable } from './list-tables.tsx';
import { AssessmentRemindersModal, type RemindTarget } from './reminders-modal.tsx';
import { ASSESSMENT_REPORT_PATHS, areaIdFromRoute, parseAssessmentRef } from './report-paths.ts';
import { ScoreFigure } from './score-value.tsx';

/** /assessment/{id}/view/threatAreas/{threatAreaCode}: one threat area of an assessment (spec 2 §2). */
export function ThreatAreaPage() {
  const { ref, threatAreaCode } = useParams();
  const { company_id: companyId } = useCompany();
  const isAdmin = useIsAdmin();
  const parsed = parseAssessmentRef(ref);
  const areaId = areaIdFromRoute(threatAreaCode);
  const assessment = useAssessment(parsed?.id, companyId);

  if (!parsed || !areaId) return <AssessmentNotFound />;
  if (assessment.isPending) return <DetailSkeleton />;
  if (assessment.isError && !assessment.data)
    return isClientError(assessment.error) ? (
      <AssessmentNotFound />
    ) : (
      <LoadError error={assessment.error} onRetry={() => void assessment.refetch()} />
    );
  const view = assessment.data;
  if (view.isScorm !== parsed.scorm)
    return <Navigate to={ASSESSMENT_REPORT_PATHS.threatArea(view, areaId)} replace />;
  return (
    <ThreatArea
      key={`${view.id}-${areaId}`}
      assessment={view}
      areaId={areaId}
      companyId={companyId}
      isAdmin={isAdmin}
    />
  );
}

interface ThreatAreaProps {
  assessment: AssessmentView;
  areaId: string;
  companyId: string;
  isAdmin: boolean;
}

function ThreatArea({ assessment, areaId, companyId, isAdmin }: ThreatAreaProps) {
  const { t } = useTranslation();
  const [listId, setListId] = useState<string | null>(null);
  const [remind, setRemind] = useState<RemindTarget | null>(null);
  const detail = useThreatAreaDetail(companyId, assessment.id, areaId, listId ?? undefined);
  const area = detail.data;
  useBrandedTitle(`${area?.name ?? assessment.name}`);
  const back = (
    <Anchor component={Link} to={ASSESSMENT_REPORT_PATHS.view(assessment, 'threatAreas')} size="sm">
      <Group gap={6} wrap="nowrap">
        <IconArrowLeft size={16} />
        {t('assessmentReports.area.back', { name: assessment.name })}
      </Group>
    </Anchor>
  );

  if (detail.isError && !area)
    return (
      <Stack gap="md">
        {back}
        {isClientError(detail.error) ? (
          <StatusPage
            icon={<IconMapSearch size={36} />}
            color="gray"
            title={t('assessmentReports.area.notFound')}
            message={t('assessmentReports.area.notFoundText')}
            action={{
              to: ASSESSMENT_REPORT_PATHS.view(assessment, 'threatAreas'),
              label: t('assessmentReports.area.allAreas'),
            }}
          />
        ) : (
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </Stack>
    );

  const withLists = !assessment.isScorm && assessment.lists.length > 1;
  return (
    <Stack gap="lg" data-testid="threat-area-page">
      <Stack gap="sm">
        {back}
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4} miw={0} style={{ flex: '1 1 360px' }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
              {t('assessmentReports.area.eyebrow')}
            </Text>
            {area ? (
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {area.name}
              </Title>
            ) : (
              <Skeleton h={32} w={280} />
            )}
            {area?.description && (
              <Text c="dimmed" size="sm" maw={760}>
                {area.description}
              </Text>
            )}
          </Stack>
          {withLists && (
            <Select
              label={t('assessmentReports.area.listFilter')}
              placeholder={t('assessmentReports.employees.allLists')}
              data={assessment.lists.map((list) => ({ value: list.id, label: list.name }))}
              value={listId}
              onChange={setListId}
              clearable
              w={{ base: '100%', xs: 260 }}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Group>
      </Stack>

      {!area ? (
        <Skeleton h={320} radius="lg" />
      ) : (
        <Grid gap="lg" style={{ opacity: detail.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card h="100%" data-testid="area-average">
              <Stack gap="md">
                <Text size="sm" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
                  {t('assessmentReports.area.average')}
                </Text>
                <ScoreFigure score={area.averageScore} />
                <SimpleGrid cols={2} spacing="sm">
                  <Fact label={t('assessmentReports.area.questions')} value={area.questionsCount} />
                  <Fact
                    label={t('assessmentReports.area.behaviours')}
                    value={t('assessmentReports.area.behavioursOf', {
                      count: area.assessmentKeyBehavioursCount,
                      total: area.totalKeyBehavioursCount,
                    })}
                  />
                </SimpleGrid>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <DistributionChart
              bins={area.distribution}
              finished={area.distribution.reduce((sum, bin) => sum + bin.value, 0)}
            />
          </Grid.Col>
        </Grid>
      )}

      <ReportSection title={t('assessmentReports.keyBehaviours.title')}>
        <KeyBehavioursTable rows={area?.keyBehaviours} withArea={false} />
      </ReportSection>
      <ReportSection title={t('assessmentReports.questions.title')}>
        <QuestionsTable rows={area?.questions} withArea={false} />
      </ReportSection>
      {!assessment.isScorm && (
        <ReportSection title={t('assessmentReports.lists.title')}>
          <EmployeeListsTable rows={area?.lists} onOpen={withLists ? (id) => setListId(id) : undefined} />
        </ReportSection>
      )}
      <ReportSection
        title={t('assessmentReports.employees.title')}
        caption={t('assessmentReports.area.employeesCaption')}
      >
        <EmployeesReport
          key={listId ?? 'all'}
          companyId={companyId}
          assessment={assessment}
          isAdmin={isAdmin}
          threatArea={areaId}
          withListFilter={false}
          preset={{ view: 'all', listId: listId ?? undefined }}
          onRemind={(emails) => setRemind({ emails })}
        />
      </ReportSection>
      <AssessmentRemindersModal
        companyId={companyId}
        assessment={assessment}
        target={remind}
        onClose={() => setRemind(null)}
      />
    </Stack>
  );
}
