import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { DIRECTORY_MESSAGES, GROUP_RULE, type SelectedGroup } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useSaveRules } from '../api/integrations.ts';
import { GroupPager, GroupSearch, useConfirmGroupRemoval, useGroupPages } from './group-browser.tsx';

const asRules = (groups: SelectedGroup[]) => ({
  rules: groups.map((group) => ({
    entityType: 'group' as const,
    externalId: group.id,
    displayName: group.displayName,
    rule: GROUP_RULE.included,
  })),
});

/** The groups Azure AD syncs, each removable after 'Are you sure you want to remove this group from sync?'. */
function SelectedGroups({ companyId, selected }: { companyId: string; selected: SelectedGroup[] }) {
  const { t } = useTranslation();
  const save = useSaveRules(companyId, 'azure');
  const confirmRemoval = useConfirmGroupRemoval();
  const confirmRemove = (group: SelectedGroup) =>
    confirmRemoval(() =>
      save.mutate(asRules(selected.filter((g) => g.id !== group.id)), {
        onSuccess: () =>
          showMessage({ type: 'success', message: translateMessage(t, DIRECTORY_MESSAGES.groupDeleted) }),
        onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
      }),
    );
  return (
    <Stack gap="xs" data-testid="selected-groups">
      <Title order={3} fz="md">
        {t('integrations.groups.selected', { count: selected.length })}
      </Title>
      {selected.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('integrations.groups.noneSelected')}
        </Text>
      ) : (
        selected.map((group) => (
          <Group key={group.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="selected-group">
            <Text size="sm" fw={500} truncate>
              {group.displayName}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('integrations.groups.remove', { name: group.displayName })}
              onClick={() => confirmRemove(group)}
              loading={save.isPending}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))
      )}
    </Stack>
  );
}

/**
 * Spec 3 §4/§9 Azure groups: the directory's groups 10 a page, searched 300 ms after the last key,
 * each added to the sync with one click; the groups already synced beside them.
 */
export function AzureGroups({ companyId, selected }: { companyId: string; selected: SelectedGroup[] }) {
  const { t, i18n } = useTranslation();
  const pages = useGroupPages(companyId, 'azure');
  const { groups } = pages;
  const save = useSaveRules(companyId, 'azure');
  const selectedIds = new Set(selected.map((g) => g.id));

  const add = (group: SelectedGroup) =>
    save.mutate(asRules([...selected, { id: group.id, displayName: group.displayName }]), {
      onSuccess: () =>
        showMessage({
          type: 'success',
          message: t('integrations.groups.added', { name: group.displayName }),
        }),
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('integrations.groups.title')}
        </Title>
        <SelectedGroups companyId={companyId} selected={selected} />
        <GroupSearch pages={pages} />
        <div style={{ opacity: groups.isPlaceholderData ? 0.6 : 1 }}>
          <QueryTable
            query={groups}
            rows={groups.data?.rows}
            rowKey={(group) => group.id}
            empty={t('integrations.groups.noGroups')}
            minWidth={300}
            fz="sm"
            testId="directory-groups"
            columns={[
              {
                key: 'name',
                header: t('integrations.groups.name'),
                cell: (group) => (
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {group.displayName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {(() => {
                        const synced = group.lastSynced
                          ? formatDateTime(group.lastSynced, i18n.language)
                          : t('integrations.never');
                        // Graph tells the members only when asked for its count; without it, the last sync alone.
                        return group.usersCount === null
                          ? t('integrations.groups.syncedOnly', { synced })
                          : t('integrations.groups.facts', { members: group.usersCount, synced });
                      })()}
                    </Text>
                  </Stack>
                ),
              },
              {
                key: 'action',
                header: t('integrations.groups.action'),
                hiddenHeader: true,
                align: 'right',
                cell: (group) =>
                  selectedIds.has(group.id) ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="gray"
                      leftSection={<IconCheck size={14} />}
                      disabled
                    >
                      {t('integrations.groups.inSync')}
                    </Button>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => add(group)}
                      loading={save.isPending && save.variables.rules.some((r) => r.externalId === group.id)}
                      aria-label={t('integrations.groups.add', { name: group.displayName })}
                    >
                      {t('integrations.groups.addShort')}
                    </Button>
                  ),
              },
            ]}
          />
        </div>
        <GroupPager pages={pages} numbered />
      </Stack>
    </Card>
  );
}
