import { Anchor, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconChecklist, IconPackage, IconPlus, IconSchool } from '@tabler/icons-react';
import {
  DASHBOARD_LIMITS,
  TRAINING_MESSAGES,
  truncate,
  type DashboardAssessmentRow,
  type DashboardTrainingRow,
} from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextSkeleton } from '../../components/text-skeleton.tsx';
import { bandThemeColor, bandTitle } from '../../lib/score-bands.ts';
import { useCurrentCompany, useScoreBands } from '../../lib/session/index.ts';
import { translateMessage } from '../../lib/translate-message.ts';
import { CreateButton } from '../../components/create-button.tsx';
import { DashboardPanel, PanelEmpty } from './dashboard-panel.tsx';
import { DASHBOARD_PATHS } from './dashboard-paths.ts';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const NO_SHRINK = { flexShrink: 0, minWidth: 'max-content' } as const;

/** A rounded percentage, or "N/A" while there is nothing to count. */
function Percent({ value }: { value: number | null }) {
  const { t } = useTranslation();
  return value === null ? (
    <Text size="sm" c="dimmed" span>
      {t('dashboard.notAvailable')}
    </Text>
  ) : (
    <Text size="sm" fw={500} span>
      {Math.round(value)}%
    </Text>
  );
}

function RowName({ name, to, marker }: { name: string; to: string; marker?: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={to} fw={600} size="sm" c="var(--mantine-color-text)" title={name}>
        {truncate(name, DASHBOARD_LIMITS.tableName)}
      </Anchor>
      {marker}
    </Group>
  );
}

interface Column {
  label: string;
  numeric?: boolean;
}

function PerformanceTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} ta={column.numeric ? 'right' : undefined} style={NOWRAP}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: DASHBOARD_LIMITS.items }, (_, row) => (
    <Table.Tr key={row}>
      {Array.from({ length: columns }, (_, column) => (
        <Table.Td key={column} ta={column === 0 ? undefined : 'right'}>
          <TextSkeleton size="sm" h={12} w={column === 0 ? '80%' : 48} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

interface RowsState<T> {
  rows: T[] | undefined;
  error: unknown;
  onRetry: () => void;
  isAdmin: boolean;
}

/** The training status column: 'Active' with how many subjects were delivered (spec 1 §4). */
function TrainingStatus({ row }: { row: DashboardTrainingRow }) {
  const { t } = useTranslation();
  const { subjectsSent, totalSubjects } = row._rawData;
  return (
    <Group gap={8} wrap="nowrap">
      <Badge color={row.statusInfo.color} variant="light" size="sm" tt="none" style={NO_SHRINK}>
        {t(`trainings.status.${row.status}`)}
      </Badge>
      {row.status === 'active' && (
        <Tooltip label={t('dashboard.tables.deliveredHint', { sent: subjectsSent, total: totalSubjects })}>
          <Text size="xs" c="dimmed" style={NOWRAP}>
            {t('dashboard.tables.delivered', { sent: subjectsSent, total: totalSubjects })}
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}

interface PerformanceRow {
  id: string;
  name: string;
  attendance: number | null;
}

interface PerformancePanelProps<T extends PerformanceRow> extends RowsState<T> {
  title: string;
  viewAll: string;
  testId: string;
  scoreLabel: string;
  empty: {
    icon: ReactNode;
    title: string;
    admin: string;
    viewer: string;
    create: string;
    createLabel: string;
  };
  link: (row: T) => string;
  marker?: (row: T) => ReactNode;
  status: (row: T) => ReactNode;
  score: (row: T) => ReactNode;
}

/** A top-three table: name, status, attendance and a score; an empty state that invites admins to start. */
function PerformancePanel<T extends PerformanceRow>(props: PerformancePanelProps<T>) {
  const { t } = useTranslation();
  const { rows, error, onRetry, isAdmin, title, empty } = props;
  const { company } = useCurrentCompany();
  // A company whose trial or subscription ended starts nothing (the lists say the same).
  const createBlocked =
    company && !company.canCreateTraining ? translateMessage(t, TRAINING_MESSAGES.noLicense) : null;
  const columns: Column[] = [
    { label: t('dashboard.tables.name') },
    { label: t('dashboard.tables.status') },
    { label: t('dashboard.tables.attendance'), numeric: true },
    { label: props.scoreLabel, numeric: true },
  ];
  return (
    <DashboardPanel
      title={title}
      viewAll={props.viewAll}
      error={error}
      onRetry={onRetry}
      flush
      testId={props.testId}
    >
      {rows?.length === 0 ? (
        <PanelEmpty
          icon={empty.icon}
          title={empty.title}
          description={isAdmin ? empty.admin : empty.viewer}
          action={
            isAdmin && (
              <CreateButton
                to={empty.create}
                icon={<IconPlus size={16} />}
                label={empty.createLabel}
                blocked={createBlocked}
              />
            )
          }
        />
      ) : (
        <PerformanceTable label={title} columns={columns}>
          {rows === undefined ? (
            <SkeletonRows columns={columns.length} />
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <RowName name={row.name} to={props.link(row)} marker={props.marker?.(row)} />
                </Table.Td>
                <Table.Td>{props.status(row)}</Table.Td>
                <Table.Td ta="right">
                  <Percent value={row.attendance} />
                </Table.Td>
                <Table.Td ta="right">{props.score(row)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </PerformanceTable>
      )}
    </DashboardPanel>
  );
}

/** The top three training programs with their attendance and quiz score (spec 1 §2 awarenessScore). */
export function TrainingPerformance(state: RowsState<DashboardTrainingRow>) {
  const { t } = useTranslation();
  return (
    <PerformancePanel
      {...state}
      title={t('dashboard.tables.trainingsTitle')}
      viewAll={DASHBOARD_PATHS.trainings}
      testId="dashboard-trainings"
      scoreLabel={t('dashboard.tables.quizScore')}
      empty={{
        icon: <IconSchool />,
        title: t('dashboard.tables.noTrainings'),
        admin: t('dashboard.tables.noTrainingsAdmin'),
        viewer: t('dashboard.tables.noTrainingsViewer'),
        create: DASHBOARD_PATHS.createTraining,
        createLabel: t('dashboard.tables.createTraining'),
      }}
      link={DASHBOARD_PATHS.training}
      marker={(row) =>
        row.isScorm && (
          <Tooltip label={t('dashboard.tables.scormHint')}>
            <Badge variant="outline" color="gray" size="xs" leftSection={<IconPackage size={10} />}>
              {t('dashboard.tables.scorm')}
            </Badge>
          </Tooltip>
        )
      }
      status={(row) => <TrainingStatus row={row} />}
      score={(row) => <Percent value={row.awarenessScore} />}
    />
  );
}

/** A resilience score in its band's colour (the company's score ranges, else spec 2 §9). */
function Resilience({ score }: { score: number | null }) {
  const { t } = useTranslation();
  const bands = useScoreBands();
  if (score === null) return <Percent value={null} />;
  const band = bands.band(score);
  return (
    <Badge color={bandThemeColor(band.color)} variant="light" tt="none" title={bandTitle(t, band)}>
      {Math.round(score)}%
    </Badge>
  );
}

/** The top three assessments with their attendance and resilience score (spec 1 §2). */
export function AssessmentPerformance(state: RowsState<DashboardAssessmentRow>) {
  const { t } = useTranslation();
  return (
    <PerformancePanel
      {...state}
      title={t('dashboard.tables.assessmentsTitle')}
      viewAll={DASHBOARD_PATHS.assessments}
      testId="dashboard-assessments"
      scoreLabel={t('dashboard.tables.resilience')}
      empty={{
        icon: <IconChecklist />,
        title: t('dashboard.tables.noAssessments'),
        admin: t('dashboard.tables.noAssessmentsAdmin'),
        viewer: t('dashboard.tables.noAssessmentsViewer'),
        create: DASHBOARD_PATHS.createAssessment,
        createLabel: t('dashboard.tables.createAssessment'),
      }}
      link={DASHBOARD_PATHS.assessment}
      status={(row) => (
        <Badge color={row.statusInfo.color} variant="light" size="sm" tt="none" style={NO_SHRINK}>
          {t(`assessments.status.${row.status}`)}
        </Badge>
      )}
      score={(row) => <Resilience score={row.resilienceScore} />}
    />
  );
}
