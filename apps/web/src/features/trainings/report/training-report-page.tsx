import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { isUuid, TRAINING_MESSAGES, TRAINING_STATUS_INFO, type TrainingStatus } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { formatShortDate } from '../../../lib/format-date.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useTrainingReport } from '../api/get-training-report.ts';
import { TRAINING_PATHS, trainingReportPath } from '../training-paths.ts';
import { ReportEmployees } from './report-employees.tsx';
import { ReportFigures, ReportLessons, ReportLists } from './report-summary.tsx';
import classes from './report-page.module.css';
import { useReportCompany } from './use-report-company.ts';
import { useBrandedTitle } from '../../../lib/session/index.ts';

type ReportVariant = 'summary' | 'users';

const statusColor = (status: string) => TRAINING_STATUS_INFO[status as TrainingStatus]?.color ?? 'gray';

function ReportSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t('session.loadingPage')}>
      <Skeleton h={32} w={320} />
      <Group grow>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </Group>
      <Skeleton h={200} radius="md" />
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

/**
 * /{companyId}/training-report/{trainingId} and /{companyId}/training-users-report/{trainingId}
 * (spec 3 §2.3): a printable report of a program — figures, lessons, lists and the employees, 50 a
 * page; the users variant shows which lessons each employee viewed and answered.
 */
export function TrainingReportPage({ variant }: { variant: ReportVariant }) {
  const { companyId = '', trainingId = '' } = useParams();
  // Another variant or program starts again from its first page.
  return (
    <TrainingReport
      key={`${variant}:${companyId}:${trainingId}`}
      variant={variant}
      companyId={companyId}
      trainingId={trainingId}
    />
  );
}

interface TrainingReportProps {
  variant: ReportVariant;
  companyId: string;
  trainingId: string;
}

function TrainingReport({ variant, companyId, trainingId }: TrainingReportProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const details = variant === 'users';
  const valid = isUuid(trainingId);
  useReportCompany(companyId);
  const report = useTrainingReport(companyId, trainingId, page, details, valid);
  const training = report.data?.training;
  useBrandedTitle(`${training?.name ?? t('trainingReport.title')}`);
  const back = TRAINING_PATHS.view({ id: trainingId, isScorm: false });

  const period =
    training?.firstBatch &&
    t('trainingReport.period', {
      from: formatShortDate(training.firstBatch, i18n.language),
      to: formatShortDate(training.lastBatch ?? training.firstBatch, i18n.language),
    });

  return (
    <main className={classes.page}>
      <Group justify="space-between" gap="sm" mb="lg" className={classes.noPrint}>
        <Anchor component={Link} to={back} size="sm">
          <Group gap={6}>
            <IconArrowLeft size={16} />
            {t('trainingReport.back')}
          </Group>
        </Anchor>
        <Group gap="xs">
          <Button
            component={Link}
            to={trainingReportPath(companyId, trainingId, details ? 'summary' : 'users')}
            variant="default"
            size="sm"
          >
            {details ? t('trainingReport.toSummary') : t('trainingReport.toUsers')}
          </Button>
          <Button
            leftSection={<IconPrinter size={16} />}
            size="sm"
            onClick={() => window.print()}
            disabled={!training}
          >
            {t('trainingReport.print')}
          </Button>
        </Group>
      </Group>

      {!valid ? (
        <Alert color="yellow" variant="light">
          {translateMessage(t, TRAINING_MESSAGES.notFound)}
        </Alert>
      ) : report.isError && !report.data ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : !report.data || !training ? (
        <ReportSkeleton />
      ) : (
        <Stack gap="lg" style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Stack gap={4}>
            <Text size="sm" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
              {details ? t('trainingReport.usersTitle') : t('trainingReport.title')}
            </Text>
            <Group gap="sm" align="center">
              <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
                {training.name}
              </Title>
              <Badge color={statusColor(training.status)} variant="light" size="lg" tt="none">
                {t(`trainings.status.${training.status}`, { defaultValue: training.status })}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {[
                period,
                t('trainingReport.generated', {
                  date: formatShortDate(new Date().toISOString(), i18n.language),
                }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <ReportFigures training={training} />
          <ReportLessons lessons={report.data.lessons} />
          <ReportLists lists={report.data.lists} />
          <ReportEmployees
            companyId={companyId}
            trainingId={trainingId}
            report={report.data}
            details={details}
            page={page}
            onPage={setPage}
          />
        </Stack>
      )}
    </main>
  );
}
