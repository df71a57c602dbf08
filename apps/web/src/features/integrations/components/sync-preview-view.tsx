import { Alert, Badge, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { SyncPreview } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../../components/query-table.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { pageCount, TablePager } from '../../employees/index.ts';

/** Rows of the preview's tables a page: the counts above say the whole, the tables are paged. */
const PREVIEW_PAGE = 20;

/** A page of rows, and the pager beneath the table when there is more than one page. */
function usePaged<T>(rows: readonly T[]) {
  const [page, setPage] = useState(1);
  const totalPages = pageCount(rows.length, PREVIEW_PAGE);
  const current = Math.min(page, totalPages);
  return {
    rows: rows.slice((current - 1) * PREVIEW_PAGE, current * PREVIEW_PAGE),
    footer:
      totalPages > 1 ? (
        <Group justify="flex-end" pt="sm">
          <TablePager page={current} totalPages={totalPages} onChange={setPage} />
        </Group>
      ) : undefined,
  };
}

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  add: 'green',
  update: 'blue',
  remove: 'red',
  disable: 'red',
  none: 'gray',
};

function ActionBadge({ action }: { action: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={ACTION_COLORS[action] ?? 'gray'} size="sm">
      {t(`integrations.actions.${action}`)}
    </Badge>
  );
}

/** Spec 3 §3 sync preview: the groups and users a sync would touch and what it would do; nothing is written. */
export function SyncPreviewView({ preview, onClose }: { preview: SyncPreview; onClose: () => void }) {
  const { t } = useTranslation();
  const { counts } = preview;
  const groups = usePaged(preview.affectedGroups);
  const users = usePaged(preview.affectedUsers);
  return (
    <Card withBorder padding="lg" data-testid="sync-preview">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('integrations.preview.title')}
          </Title>
          <CloseButton aria-label={t('integrations.preview.close')} onClick={onClose} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('integrations.preview.summary', {
            groups: counts.createdGroups,
            users: counts.createdUsers,
            updated: counts.updatedUsers,
            added: counts.createdMembership,
            removed: counts.removedMembership,
          })}
        </Text>
        {preview.seatError && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {translateMessage(t, preview.seatError)}
          </Alert>
        )}
        <Title order={3} fz="md">
          {t('integrations.preview.groups')}
        </Title>
        <QueryTable
          rows={groups.rows}
          footer={groups.footer}
          rowKey={(group) => group.id}
          empty={t('integrations.preview.noGroups')}
          minWidth={420}
          fz="sm"
          testId="preview-groups"
          columns={[
            { key: 'name', header: t('integrations.groups.name'), cell: (group) => group.displayName },
            { key: 'users', header: t('integrations.groups.members'), cell: (group) => group.usersCount },
            {
              key: 'action',
              header: t('integrations.preview.action'),
              cell: (group) => <ActionBadge action={group.action} />,
            },
          ]}
        />
        <Title order={3} fz="md">
          {t('integrations.preview.users')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="preview-users-count">
          {t('integrations.preview.usersCount', { count: preview.affectedUsers.length })}
        </Text>
        <QueryTable
          rows={users.rows}
          footer={users.footer}
          rowKey={(user) => user.mail}
          empty={t('integrations.preview.noUsers')}
          minWidth={640}
          fz="sm"
          testId="preview-users"
          columns={[
            { key: 'name', header: t('integrations.preview.name'), cell: (user) => user.displayName },
            { key: 'mail', header: t('integrations.preview.mail'), cell: (user) => user.mail },
            {
              key: 'lists',
              header: t('integrations.preview.lists'),
              cell: (user) => (
                <Group gap={4}>
                  {user.lists.map((list) => (
                    <Badge
                      key={list.name}
                      variant={list.skip ? 'outline' : 'default'}
                      size="sm"
                      tt="none"
                      title={list.skip ? t('integrations.preview.skipped') : undefined}
                    >
                      {list.skip ? t('integrations.preview.skippedList', { name: list.name }) : list.name}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            {
              key: 'action',
              header: t('integrations.preview.action'),
              cell: (user) => <ActionBadge action={user.action} />,
            },
          ]}
        />
        {preview.truncated && (
          <Text size="xs" c="dimmed">
            {t('integrations.preview.truncated')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
