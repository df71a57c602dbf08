import {
  Anchor,
  Box,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { truncate, type AssessmentRow } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatShortDate } from '../../../lib/format-date.ts';
import { formatPercent, TrainingActionsMenu } from '../../trainings/index.ts';
import { assessmentOpenPath } from '../assessment-paths.ts';
import { AssessmentStatusBadge, ResilienceScore } from '../components/assessment-badges.tsx';
import type { AssessmentActionItem } from '../components/use-assessment-actions.ts';

const NONE = '—';
const ROW = { cursor: 'pointer' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** Names are cut like the training list's (spec 2 §9), the threat areas so a row stays two lines high. */
const NAME_IN_TABLE = 30;
const AREAS_IN_ROW = 60;

interface AssessmentsTableProps {
  rows: AssessmentRow[] | undefined;
  isAdmin: boolean;
  stale: boolean;
  actionsFor: (assessment: AssessmentRow) => AssessmentActionItem[];
  pendingId: string | null;
  onOpen: (assessment: AssessmentRow) => void;
}

function AssessmentName({ assessment, isAdmin }: { assessment: AssessmentRow; isAdmin: boolean }) {
  const areas = assessment.areas.join(', ');
  return (
    <Stack gap={2} miw={0}>
      <Anchor
        component={Link}
        to={assessmentOpenPath(assessment, isAdmin)}
        fw={600}
        size="sm"
        c="var(--mantine-color-text)"
        title={assessment.name}
        onClick={(event) => event.stopPropagation()}
      >
        {truncate(assessment.name, NAME_IN_TABLE)}
      </Anchor>
      {areas && (
        <Text size="xs" c="dimmed" title={areas}>
          {truncate(areas, AREAS_IN_ROW)}
        </Text>
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

function useCells() {
  const { t, i18n } = useTranslation();
  return {
    date: (value: string | null) => (value ? formatShortDate(value, i18n.language) : NONE),
    percent: (value: number | null) => formatPercent(value, t('assessments.notAvailable')),
  };
}

function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: 4 }, (_, i) => (
    <Table.Tr key={i}>
      <Table.Td>
        <Skeleton h={12} w="70%" mb={6} />
        <Skeleton h={10} w="45%" />
      </Table.Td>
      {Array.from({ length: columns - 1 }, (_, j) => (
        <Table.Td key={j}>
          <Skeleton h={12} w={56} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** Spec 2 §2 Assessment list: a table on wider screens, a stack of cards on a phone. */
export function AssessmentsTable({
  rows,
  isAdmin,
  stale,
  actionsFor,
  pendingId,
  onOpen,
}: AssessmentsTableProps) {
  const { t } = useTranslation();
  const { date, percent } = useCells();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const menu = (a: AssessmentRow) => (
    <TrainingActionsMenu training={a} items={actionsFor(a)} isAdmin={isAdmin} loading={pendingId === a.id} />
  );
  const column = (key: string) => t(`assessments.list.columns.${key}`);

  if (phone)
    return (
      <Stack gap="sm" style={{ opacity: stale ? 0.6 : 1 }} data-testid="assessments-cards">
        {rows === undefined && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={148} radius="md" />)}
        {rows?.map((a) => (
          <Card key={a.id} withBorder padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="sm">
              <Box style={{ flex: 1, minWidth: 0 }}>
                <AssessmentName assessment={a} isAdmin={isAdmin} />
              </Box>
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <AssessmentStatusBadge assessment={a} />
                {menu(a)}
              </Group>
            </Group>
            <UnstyledButton onClick={() => onOpen(a)} w="100%" aria-label={a.name}>
              <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
                <Fact label={column('employees')}>{a.selectedUserCount}</Fact>
                <Fact label={column('completion')}>{percent(a.completion)}</Fact>
                <Fact label={column('score')}>
                  <ResilienceScore score={a.resilienceScore} />
                </Fact>
                <Fact label={column('delivery')}>{date(a.deliveryDate)}</Fact>
                <Fact label={column('due')}>{date(a.due)}</Fact>
              </SimpleGrid>
            </UnstyledButton>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={960} type="native">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label={t('nav.assessments')}
          aria-busy={stale}
          style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
          data-testid="assessments-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{column('assessment')}</Table.Th>
              <Table.Th>{column('status')}</Table.Th>
              <Table.Th ta="right">{column('employees')}</Table.Th>
              <Table.Th>{column('delivery')}</Table.Th>
              <Table.Th>{column('due')}</Table.Th>
              <Table.Th ta="right">{column('completion')}</Table.Th>
              <Table.Th ta="right">{column('score')}</Table.Th>
              <Table.Th w={56}>
                <VisuallyHidden>{column('actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined && <SkeletonRows columns={8} />}
            {rows?.map((a) => (
              <Table.Tr key={a.id} style={ROW} onClick={() => onOpen(a)}>
                <Table.Td maw={340}>
                  <AssessmentName assessment={a} isAdmin={isAdmin} />
                </Table.Td>
                <Table.Td>
                  <AssessmentStatusBadge assessment={a} />
                </Table.Td>
                <Table.Td ta="right">{a.selectedUserCount}</Table.Td>
                <Table.Td style={NOWRAP}>{date(a.deliveryDate)}</Table.Td>
                <Table.Td style={NOWRAP}>{date(a.due)}</Table.Td>
                <Table.Td ta="right">{percent(a.completion)}</Table.Td>
                <Table.Td ta="right">
                  <ResilienceScore score={a.resilienceScore} />
                </Table.Td>
                <Table.Td>{menu(a)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** SCORM assessments in a table of their own: Assessment, Created, Completion, Score (spec 2 §2). */
export function ScormAssessmentsTable({
  rows,
  isAdmin,
  stale,
  actionsFor,
  pendingId,
  onOpen,
}: AssessmentsTableProps) {
  const { t } = useTranslation();
  const { date, percent } = useCells();
  const column = (key: string) => t(`assessments.list.columns.${key}`);
  return (
    <Stack gap="xs" mt="xl" data-testid="scorm-assessments">
      <Title order={2} fz="lg">
        {t('assessments.list.scormTitle')}
      </Title>
      <Card p={0}>
        <Table.ScrollContainer minWidth={560} type="native">
          <Table
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing="md"
            style={{ opacity: stale ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{column('assessment')}</Table.Th>
                <Table.Th>{column('created')}</Table.Th>
                <Table.Th ta="right">{column('completion')}</Table.Th>
                <Table.Th ta="right">{column('scormScore')}</Table.Th>
                <Table.Th w={56}>
                  <VisuallyHidden>{column('actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows?.map((a) => (
                <Table.Tr key={a.id} style={ROW} onClick={() => onOpen(a)}>
                  <Table.Td maw={340}>
                    <AssessmentName assessment={a} isAdmin={isAdmin} />
                  </Table.Td>
                  <Table.Td style={NOWRAP}>{date(a.created)}</Table.Td>
                  <Table.Td ta="right">{percent(a.completion)}</Table.Td>
                  <Table.Td ta="right">
                    <ResilienceScore score={a.resilienceScore} />
                  </Table.Td>
                  <Table.Td>
                    <TrainingActionsMenu
                      training={a}
                      items={actionsFor(a)}
                      isAdmin={isAdmin}
                      loading={pendingId === a.id}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
