import { Badge, Skeleton, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { DeliveryEventRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useDeliveries } from '../api/get-deliveries.ts';

const COUNT_COLUMNS = ['sent', 'pending', 'bounced', 'failed'] as const;
const COUNT_COLORS: Record<(typeof COUNT_COLUMNS)[number], string | undefined> = {
  sent: 'green',
  pending: undefined,
  bounced: 'orange',
  failed: 'red',
};
const EVENT_STATUS_COLORS: Record<string, string> = {
  scheduled: 'blue',
  sending: 'yellow',
  sent: 'green',
  cancelled: 'gray',
};

/** A batch (type 1), an automatic reminder (type 2) or a reminder a manager sent by hand. */
const eventKind = (event: DeliveryEventRow) =>
  event.manual ? 'manual' : event.type === 2 ? 'reminder' : 'batch';

interface DeliveriesTableProps {
  companyId: string;
  trainingId: string;
  subjectTitles: ReadonlyMap<string, string>;
  onOpen: (event: DeliveryEventRow) => void;
}

/** Every delivery of the program with how many of its mails are sent, pending, bounced or failed. */
export function DeliveriesTable({ companyId, trainingId, subjectTitles, onOpen }: DeliveriesTableProps) {
  const { t, i18n } = useTranslation();
  const deliveries = useDeliveries(companyId, trainingId);
  const headers = ['date', 'type', 'subjects', 'status', ...COUNT_COLUMNS];

  if (deliveries.isError)
    return <LoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="deliveries-table">
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={header} ta={index >= 4 ? 'right' : undefined}>
                {t(`trainingDelivery.deliveries.columns.${header}`)}
              </Table.Th>
            ))}
            <Table.Th w={32} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.isPending &&
            [0, 1, 2].map((row) => (
              <Table.Tr key={row}>
                {headers.map((header) => (
                  <Table.Td key={header}>
                    <Skeleton h={12} w="70%" />
                  </Table.Td>
                ))}
                <Table.Td />
              </Table.Tr>
            ))}
          {deliveries.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={headers.length + 1}>
                <Text c="dimmed" ta="center" py="xl" size="sm">
                  {t('trainingDelivery.deliveries.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {deliveries.data?.map((event) => {
            const titles = event.subjects.map((id) => subjectTitles.get(id) ?? id);
            return (
              <Table.Tr key={event.id} onClick={() => onOpen(event)} style={{ cursor: 'pointer' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <UnstyledButton
                    onClick={(click) => {
                      click.stopPropagation();
                      onOpen(event);
                    }}
                    fz="sm"
                    fw={600}
                    aria-label={t('trainingDelivery.deliveries.openEvent', {
                      date: formatDateTime(event.date, i18n.language),
                    })}
                  >
                    {formatDateTime(event.date, i18n.language)}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {t(`trainingDelivery.deliveries.type.${eventKind(event)}`)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {titles.length > 0 ? (
                    <Tooltip label={titles.join(', ')} multiline maw={320} withArrow>
                      <Text size="sm" span>
                        {t('trainingDelivery.deliveries.subjectsCount', { count: titles.length })}
                      </Text>
                    </Tooltip>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge
                    size="sm"
                    variant="light"
                    color={EVENT_STATUS_COLORS[event.status] ?? 'gray'}
                    tt="none"
                  >
                    {t(`trainings.detail.eventStatus.${event.status}`, { defaultValue: event.status })}
                  </Badge>
                </Table.Td>
                {COUNT_COLUMNS.map((column) => (
                  <Table.Td key={column} ta="right">
                    <Text
                      size="sm"
                      fw={event.counts[column] > 0 ? 600 : undefined}
                      c={event.counts[column] > 0 ? COUNT_COLORS[column] : 'dimmed'}
                    >
                      {event.counts[column]}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td>
                  <IconChevronRight size={16} aria-hidden color="var(--mantine-color-dimmed)" />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
