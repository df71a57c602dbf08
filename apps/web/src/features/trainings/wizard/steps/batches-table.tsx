import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import {
  SCHEDULE_TYPES,
  TRAINING_LIMITS,
  truncate,
  type ScheduleType,
  type ScheduledBatch,
} from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { HourPicker } from '../../../campaigns/index.ts';
import { translateTrainingMessage } from '../wizard-messages.ts';

/** Changing the date of each delivery of a future schedule. */
export interface BatchEditing {
  /** The earliest date a delivery may take (ISO): the schedule's start, or now when that has passed. */
  minDate: string;
  isEdited: (index: number) => boolean;
  /** What is wrong with the delivery's date (a spec text), or null. */
  problemOf: (index: number, date: string) => string | null;
  onChange: (index: number, date: string) => void;
  onReset: (index: number) => void;
}

interface BatchesTableProps {
  batches: readonly ScheduledBatch[];
  scheduleType: ScheduleType;
  titles: ReadonlyMap<string, string>;
  /** Given, each delivery's date can be changed by hand. */
  editing?: BatchEditing | null;
}

/** The deliveries the schedule makes: when, and which subjects (names cut at 32 characters, spec 2 §9). */
export function BatchesTable({ batches, scheduleType, titles, editing = null }: BatchesTableProps) {
  const { t, i18n } = useTranslation();
  if (batches.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('trainingWizard.schedule.noBatches')}
      </Text>
    );
  const future = scheduleType === SCHEDULE_TYPES.future;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs" data-testid="batches-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>#</Table.Th>
            <Table.Th w={editing ? 300 : 230}>{t('trainingWizard.schedule.date')}</Table.Th>
            <Table.Th>{t('trainingWizard.schedule.subjects')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch, index) => (
            // Rows are deliveries by position; two edited ones may share a date.
            <Table.Tr key={index}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                {future && editing ? (
                  <BatchDate batch={batch} index={index} editing={editing} />
                ) : future ? (
                  formatDateTime(batch.date, i18n.language)
                ) : (
                  t('trainingWizard.schedule.onStart')
                )}
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

interface BatchDateProps {
  batch: ScheduledBatch;
  index: number;
  editing: BatchEditing;
}

/** One delivery's date: a picker (dates and whole hours, 24 h), an "edited" badge and a way back. */
function BatchDate({ batch, index, editing }: BatchDateProps) {
  const { t } = useTranslation();
  const edited = editing.isEdited(index);
  const problem = editing.problemOf(index, batch.date);
  return (
    <Group gap={6} wrap="nowrap">
      <HourPicker
        size="xs"
        w={190}
        aria-label={t('trainingWizard.schedule.dateOf', { n: index + 1 })}
        value={batch.date}
        onChange={(date) => date && editing.onChange(index, date)}
        from={editing.minDate}
        error={problem ? translateTrainingMessage(t, problem) : null}
        data-testid={`batch-date-${index}`}
      />
      {edited && (
        <>
          <Badge size="xs" variant="light" color="orange">
            {t('trainingWizard.schedule.edited')}
          </Badge>
          <Tooltip label={t('trainingWizard.schedule.resetDate')}>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t('trainingWizard.schedule.resetDate')}
              onClick={() => editing.onReset(index)}
            >
              <IconArrowBackUp size={14} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  );
}
