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
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TRAINING_LIMITS, truncate, type TrainingRow } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatShortDate } from '../../../lib/format-date.ts';
import { formatPercent } from '../components/percent.ts';
import { TrainingActionsMenu } from '../components/training-actions-menu.tsx';
import { TrainingStatusBadge } from '../components/training-status-badge.tsx';
import type { TrainingActionItem } from '../components/use-training-actions.ts';
import { trainingOpenPath } from '../training-paths.ts';
import classes from './trainings-table.module.css';

const NONE = '—';
const SKELETON_ROWS = 5;
/** Subject titles under the name are cut so a row stays two lines high. */
const SUBJECTS_IN_ROW = 60;

interface TrainingsTableProps {
  rows: TrainingRow[] | undefined;
  isAdmin: boolean;
  /** Dimmed while the next page loads. */
  stale: boolean;
  actionsFor: (training: TrainingRow) => TrainingActionItem[];
  pendingId: string | null;
  onOpen: (training: TrainingRow) => void;
}

function TrainingName({ training, isAdmin }: { training: TrainingRow; isAdmin: boolean }) {
  const subjects = training.subjectsNames.join(', ');
  return (
    <Stack gap={2} miw={0}>
      <Anchor
        component={Link}
        to={trainingOpenPath(training, isAdmin)}
        fw={600}
        size="sm"
        c="var(--mantine-color-text)"
        title={training.name}
        onClick={(event) => event.stopPropagation()}
      >
        {truncate(training.name, TRAINING_LIMITS.nameInTable)}
      </Anchor>
      {subjects && (
        <Text size="xs" c="dimmed" title={subjects}>
          {truncate(subjects, SUBJECTS_IN_ROW)}
        </Text>
      )}
    </Stack>
  );
}

/** The columns of the phone card: a label and its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** Spec 2 §2 Training list: a table on wider screens, a stack of cards on a phone. */
export function TrainingsTable({ rows, isAdmin, stale, actionsFor, pendingId, onOpen }: TrainingsTableProps) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const date = (value: string | null) => (value ? formatShortDate(value, i18n.language) : NONE);
  const percent = (value: number | null) => formatPercent(value, t('trainings.notAvailable'));
  const menu = (training: TrainingRow) => (
    <TrainingActionsMenu
      training={training}
      items={actionsFor(training)}
      isAdmin={isAdmin}
      loading={pendingId === training.id}
    />
  );

  if (phone)
    return (
      <Stack gap="sm" style={{ opacity: stale ? 0.6 : 1 }} data-testid="trainings-cards">
        {rows === undefined && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={148} radius="md" />)}
        {rows?.map((training) => (
          <Card key={training.id} withBorder padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="sm">
              <Box style={{ flex: 1, minWidth: 0 }}>
                <TrainingName training={training} isAdmin={isAdmin} />
              </Box>
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <TrainingStatusBadge training={training} />
                {menu(training)}
              </Group>
            </Group>
            <UnstyledButton onClick={() => onOpen(training)} w="100%" aria-label={training.name}>
              <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
                <Fact label={t('trainings.list.columns.employees')}>{training.selectedUserCount}</Fact>
                <Fact label={t('trainings.list.columns.attendance')}>{percent(training.attendance)}</Fact>
                <Fact label={t('trainings.list.columns.completion')}>{percent(training.completionRate)}</Fact>
                <Fact label={t('trainings.list.columns.start')}>{date(training.firstBatch)}</Fact>
                <Fact label={t('trainings.list.columns.end')}>{date(training.lastBatch)}</Fact>
              </SimpleGrid>
            </UnstyledButton>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={920} type="native">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label={t('nav.trainings')}
          aria-busy={stale}
          style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('trainings.list.columns.training')}</Table.Th>
              <Table.Th>{t('trainings.list.columns.status')}</Table.Th>
              <Table.Th ta="right">{t('trainings.list.columns.employees')}</Table.Th>
              <Table.Th>{t('trainings.list.columns.start')}</Table.Th>
              <Table.Th>{t('trainings.list.columns.end')}</Table.Th>
              <Table.Th ta="right">{t('trainings.list.columns.attendance')}</Table.Th>
              <Table.Th ta="right">{t('trainings.list.columns.completion')}</Table.Th>
              <Table.Th w={56}>
                <VisuallyHidden>{t('trainings.list.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <Skeleton h={12} w="70%" mb={6} />
                    <Skeleton h={10} w="45%" />
                  </Table.Td>
                  {Array.from({ length: 7 }, (_, j) => (
                    <Table.Td key={j}>
                      <Skeleton h={12} w={j === 6 ? 20 : 56} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {rows?.map((training) => (
              <Table.Tr key={training.id} className={classes.row} onClick={() => onOpen(training)}>
                <Table.Td maw={340}>
                  <TrainingName training={training} isAdmin={isAdmin} />
                </Table.Td>
                <Table.Td>
                  <TrainingStatusBadge training={training} />
                </Table.Td>
                <Table.Td ta="right">{training.selectedUserCount}</Table.Td>
                <Table.Td className={classes.nowrap}>{date(training.firstBatch)}</Table.Td>
                <Table.Td className={classes.nowrap}>{date(training.lastBatch)}</Table.Td>
                <Table.Td ta="right">{percent(training.attendance)}</Table.Td>
                <Table.Td ta="right">{percent(training.completionRate)}</Table.Td>
                <Table.Td>{menu(training)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
