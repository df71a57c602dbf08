import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowLeft, IconSearch, IconSend } from '@tabler/icons-react';
import {
  DELIVERY_STATUSES,
  TRAINING_LIMITS,
  type DeliveryEventRow,
  type DeliveryStatus,
  type DeliveryUserRow,
} from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useCampaignDeliveryUsers, type CampaignDeliverySource } from '../api/campaign-deliveries.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';
import { ChannelNames } from '../wizard/channel-names.tsx';

/** Spec 2 §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const NONE = '—';

/** Sending an employee's delivery again (training programs, admins). */
export interface DeliveryResend {
  send: (email: string) => void;
  /** The email being sent again, while one is. */
  sending: string | null;
}

interface DeliveryUsersTableProps {
  event: DeliveryEventRow;
  source: CampaignDeliverySource;
  resend?: DeliveryResend | undefined;
  onBack: () => void;
}

/**
 * One event per employee and channel: searched, filtered by status and paged by the server, with
 * Resend where the kind offers it. On a phone each row is a card, the email on a line of its own.
 */
export function DeliveryUsersTable({ event, source, resend, onBack }: DeliveryUsersTableProps) {
  const { t, i18n } = useTranslation();
  const phone = useIsPhone();
  const canResend = resend !== undefined;
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<{ q: string; status: DeliveryStatus | null; p: number }>({
    q: '',
    status: null,
    p: 1,
  });
  const applySearch = useDebouncedCallback(
    (q: string) => setQuery((current) => ({ ...current, q: q.trim(), p: 1 })),
    SEARCH_DEBOUNCE_MS,
  );
  const users = useCampaignDeliveryUsers(source, event.id, {
    q: query.q || undefined,
    status: query.status ?? undefined,
    p: query.p,
    n: TRAINING_LIMITS.pageSize,
  });
  const total = users.data?.total ?? 0;
  const narrowed = query.q !== '' || query.status !== null;
  const headers = ['name', 'email', 'channel', 'status', 'sentAt', 'attempts', 'error'];
  const sentAt = (user: DeliveryUserRow) => (user.sentAt ? formatDateTime(user.sentAt, i18n.language) : NONE);
  const resendButton = (user: DeliveryUserRow) =>
    resend && (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconSend size={14} />}
        loading={resend.sending === user.email}
        disabled={resend.sending !== null}
        onClick={() => resend.send(user.email)}
      >
        {t('trainingDelivery.users.resend')}
      </Button>
    );
  const empty = (
    <Text c="dimmed" ta="center" py="xl" size="sm">
      {narrowed ? t('trainings.employees.noMatch') : t('trainingDelivery.users.empty')}
    </Text>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          <Group gap={6}>
            <IconArrowLeft size={16} />
            {t('trainingDelivery.users.back')}
          </Group>
        </Anchor>
        <Text size="sm" fw={600}>
          {formatDateTime(event.date, i18n.language)}
        </Text>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          aria-label={t('trainings.employees.search')}
          placeholder={t('trainings.employees.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(change) => {
            setSearch(change.currentTarget.value);
            applySearch(change.currentTarget.value);
          }}
          w={{ base: '100%', xs: 280 }}
        />
        <Select
          aria-label={t('trainingDelivery.users.status')}
          placeholder={t('trainingDelivery.users.allStatuses')}
          data={DELIVERY_STATUSES.map((status) => ({
            value: status,
            label: t(`trainingDelivery.status.${status}`),
          }))}
          value={query.status}
          onChange={(value) => {
            const status = DELIVERY_STATUSES.find((candidate) => candidate === value) ?? null;
            setQuery((current) => ({ ...current, status, p: 1 }));
          }}
          clearable
          w={{ base: '100%', xs: 180 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {users.isError && <LoadError error={users.error} onRetry={() => void users.refetch()} />}
      {phone ? (
        <Stack
          gap="xs"
          aria-busy={users.isFetching}
          style={{ opacity: users.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          data-testid="delivery-users-table"
        >
          {users.isPending && [0, 1, 2].map((row) => <Skeleton key={row} h={88} radius="md" />)}
          {users.data?.rows.length === 0 && empty}
          {users.data?.rows.map((user) => (
            <Card
              key={`${user.email}/${user.channel}`}
              withBorder
              padding="sm"
              radius="md"
              data-channel={user.channel}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate>
                    {user.name || NONE}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {user.email || NONE}
                  </Text>
                </Stack>
                <DeliveryStatusBadge status={user.status} />
              </Group>
              <Group gap="xs" mt={6} c="dimmed" fz="xs">
                <ChannelNames mask={user.channel} />
                <Text size="xs" span>
                  · {sentAt(user)}
                </Text>
                <Text size="xs" span>
                  · {t('trainingDelivery.users.columns.attempts')} {user.attempts}
                </Text>
              </Group>
              {user.error && (
                <Text size="xs" c="red" mt={4}>
                  {user.error}
                </Text>
              )}
              {canResend && (
                <Group justify="flex-end" mt={6}>
                  {resendButton(user)}
                </Group>
              )}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={canResend ? 820 : 720} type="native">
          <Table
            verticalSpacing="sm"
            horizontalSpacing="sm"
            aria-busy={users.isFetching}
            style={{ opacity: users.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            data-testid="delivery-users-table"
          >
            <Table.Thead>
              <Table.Tr>
                {headers.map((header) => (
                  <Table.Th key={header} ta={header === 'attempts' ? 'right' : undefined}>
                    {t(`trainingDelivery.users.columns.${header}`)}
                  </Table.Th>
                ))}
                {canResend && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.isPending &&
                [0, 1, 2, 3].map((row) => (
                  <Table.Tr key={row}>
                    {headers.map((header) => (
                      <Table.Td key={header}>
                        <Skeleton h={12} w="70%" />
                      </Table.Td>
                    ))}
                    {canResend && <Table.Td />}
                  </Table.Tr>
                ))}
              {users.data?.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={headers.length + (canResend ? 1 : 0)}>{empty}</Table.Td>
                </Table.Tr>
              )}
              {users.data?.rows.map((user) => (
                <Table.Tr key={`${user.email}/${user.channel}`} data-channel={user.channel}>
                  <Table.Td fw={500}>{user.name || NONE}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
                  <Table.Td>
                    <ChannelNames mask={user.channel} />
                  </Table.Td>
                  <Table.Td>
                    <DeliveryStatusBadge status={user.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{sentAt(user)}</Table.Td>
                  <Table.Td ta="right">{user.attempts}</Table.Td>
                  <Table.Td maw={220}>
                    {user.error ? (
                      <Tooltip label={user.error} multiline maw={360} withArrow>
                        <Text size="xs" c="red" lineClamp={2}>
                          {user.error}
                        </Text>
                      </Tooltip>
                    ) : (
                      NONE
                    )}
                  </Table.Td>
                  {canResend && <Table.Td ta="right">{resendButton(user)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > TRAINING_LIMITS.pageSize && (
        <Group justify="flex-end">
          <TablePager
            page={query.p}
            totalPages={pageCount(total, TRAINING_LIMITS.pageSize)}
            onChange={(p) => setQuery((current) => ({ ...current, p }))}
          />
        </Group>
      )}
    </Stack>
  );
}
