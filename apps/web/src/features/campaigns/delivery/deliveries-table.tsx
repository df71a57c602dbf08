import { Badge, Card, Group, Skeleton, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { DeliveryEventRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useCampaignDeliveries, type CampaignDeliverySource } from '../api/campaign-deliveries.ts';

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

/** A first send (type 1: a program's batch, an assessment's invitation), a reminder, or one sent by hand. */
const eventKind = (event: DeliveryEventRow, firstSend: 'batch' | 'invitation') =>
  event.manual ? 'manual' : event.type === 2 ? 'reminder' : firstSend;

interface DeliveriesTableProps {
  source: CampaignDeliverySource;
  /** What a first send is called; training programs name each batch's lessons. */
  firstSend: 'batch' | 'invitation';
  /** Lesson titles by id, to name what a batch held (no column without them). */
  subjectTitles?: ReadonlyMap<string, string>;
  onOpen: (event: DeliveryEventRow) => void;
}

/** Every event of a campaign with how many of its deliveries are sent, pending, bounced or failed. */
export function DeliveriesTable({ source, firstSend, subjectTitles, onOpen }: DeliveriesTableProps) {
  const { t, i18n } = useTranslation();
  const phone = useIsPhone();
  const deliveries = useCampaignDeliveries(source);
  const headers = ['date', 'type', ...(subjectTitles ? ['subjects'] : []), 'status', ...COUNT_COLUMNS];
  const firstCount = headers.indexOf(COUNT_COLUMNS[0]);
  const statusBadge = (event: DeliveryEventRow) => (
    <Badge size="sm" variant="light" color={EVENT_STATUS_COLORS[event.status] ?? 'gray'} tt="none">
      {t(`trainings.detail.eventStatus.${event.status}`, { defaultValue: event.status })}
    </Badge>
  );
  const count = (event: DeliveryEventRow, column: (typeof COUNT_COLUMNS)[number]) => (
    <Text
      size="sm"
      span
      fw={event.counts[column] > 0 ? 600 : undefined}
      c={event.counts[column] > 0 ? COUNT_COLORS[column] : 'dimmed'}
    >
      {event.counts[column]}
    </Text>
  );

  if (deliveries.isError)
    return <LoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  // On a phone each event is a card: its date and kind, its status, and the four counts in a row.
  if (phone)
    return (
      <Stack gap="xs" data-testid="deliveries-table">
        {deliveries.isPending && [0, 1].map((row) => <Skeleton key={row} h={72} radius="md" />)}
        {deliveries.data?.length === 0 && (
          <Text c="dimmed" ta="center" py="xl" size="sm">
            {t('trainingDelivery.deliveries.empty')}
          </Text>
        )}
        {deliveries.data?.map((event) => (
          <Card key={event.id} withBorder padding="sm" radius="md">
            {/* Named by what it shows (its date, kind, status and counts): a label of its own would
                hide that text from speech input (axe label-content-name-mismatch). */}
            <UnstyledButton onClick={() => onOpen(event)} w="100%">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {formatDateTime(event.date, i18n.language)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`trainingDelivery.deliveries.type.${eventKind(event, firstSend)}`)}
                  </Text>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  {statusBadge(event)}
                  <IconChevronRight size={16} aria-hidden color="var(--mantine-color-dimmed)" />
                </Group>
              </Group>
              <Group gap="md" mt={6}>
                {COUNT_COLUMNS.map((column) => (
                  <Text key={column} size="xs" c="dimmed" span>
                    {t(`trainingDelivery.deliveries.columns.${column}`)} {count(event, column)}
                  </Text>
                ))}
              </Group>
            </UnstyledButton>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={subjectTitles ? 760 : 640} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="deliveries-table">
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={header} ta={index >= firstCount ? 'right' : undefined}>
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
            const titles = event.subjects.map((id) => subjectTitles?.get(id) ?? id);
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
                  {t(`trainingDelivery.deliveries.type.${eventKind(event, firstSend)}`)}
                </Table.Td>
                {subjectTitles && (
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
                )}
                <Table.Td>{statusBadge(event)}</Table.Td>
                {COUNT_COLUMNS.map((column) => (
                  <Table.Td key={column} ta="right">
                    {count(event, column)}
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
