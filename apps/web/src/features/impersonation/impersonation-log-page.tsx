import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import type { ImpersonationEvent } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useCurrentUser } from '../../lib/session/index.ts';
import { IMPERSONATION_LOG_PAGE_SIZE, useImpersonationLog } from './api/get-impersonation-log.ts';

/** What a row says happened: a start, or an end and how it came. */
function actionKey(event: ImpersonationEvent): string {
  return event.action === 'start' ? 'started' : `ended.${event.reason ?? 'ended'}`;
}

/** /admin/impersonations: every start and end of an impersonation, for super-admins only. */
export default function ImpersonationLogPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser().data;
  const [page, setPage] = useState(1);
  const log = useImpersonationLog(page);
  if (!user?.isSuperAdmin) return <NotFoundPage />;

  const events = log.data?.events ?? [];
  return (
    <>
      <PageHeader title={t('impersonationLog.title')} description={t('impersonationLog.description')} />
      {log.isError ? (
        <LoadError error={log.error} onRetry={() => void log.refetch()} />
      ) : !log.data ? (
        <PageLoader />
      ) : (
        <Card p={0}>
          <Table.ScrollContainer minWidth={720} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="impersonation-log">
              <Table.Thead>
                <Table.Tr>
                  {(['when', 'action', 'superAdmin', 'manager', 'address'] as const).map((column) => (
                    <Table.Th key={column}>{t(`impersonationLog.columns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="lg" size="sm">
                        {t('impersonationLog.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {events.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(event.at, i18n.language)}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={event.action === 'start' ? 'orange' : 'gray'}>
                        {t(`impersonationLog.actions.${actionKey(event)}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.impersonator.email}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.target.email}</Table.Td>
                    <Table.Td>{event.ip ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {(page > 1 || events.length === IMPERSONATION_LOG_PAGE_SIZE) && (
        <Group justify="flex-end" mt="md">
          <Button variant="default" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            {t('impersonationLog.newer')}
          </Button>
          <Button
            variant="default"
            disabled={events.length < IMPERSONATION_LOG_PAGE_SIZE}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('impersonationLog.older')}
          </Button>
        </Group>
      )}
    </>
  );
}
