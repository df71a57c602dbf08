import { Table, Text } from '@mantine/core';
import {
  SCHEDULE_TYPES,
  TRAINING_LIMITS,
  truncate,
  type ScheduleType,
  type ScheduledBatch,
} from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format-date.ts';

interface BatchesTableProps {
  batches: readonly ScheduledBatch[];
  scheduleType: ScheduleType;
  titles: ReadonlyMap<string, string>;
}

/** The deliveries the schedule makes: when, and which subjects (names cut at 32 characters, spec 2 §9). */
export function BatchesTable({ batches, scheduleType, titles }: BatchesTableProps) {
  const { t, i18n } = useTranslation();
  if (batches.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('trainingWizard.schedule.noBatches')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs" data-testid="batches-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>#</Table.Th>
            <Table.Th w={230}>{t('trainingWizard.schedule.date')}</Table.Th>
            <Table.Th>{t('trainingWizard.schedule.subjects')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch, index) => (
            <Table.Tr key={batch.date}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                {scheduleType === SCHEDULE_TYPES.future
                  ? formatDateTime(batch.date, i18n.language)
                  : t('trainingWizard.schedule.onStart')}
              </Table.Td>
              <Table.Td>
                {batch.subjects
                  .map((id) => truncate(titles.get(id) ?? id, TRAINING_LIMITS.nameInScheduleModal))
                  .join(', ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
