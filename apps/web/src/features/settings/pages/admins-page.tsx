import { ActionIcon, Badge, Button, Card, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconDots, IconMail, IconPlus, IconTrash } from '@tabler/icons-react';
import { MANAGER_MESSAGES, MESSAGES, type ManagerRow } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { useCompany, useCurrentUser } from '../../../lib/session/index.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import {
  useChangeManager,
  useManagers,
  useRemoveManager,
  useSendLoginLink,
  useSetBillingManager,
} from '../api/managers.ts';
import { AddAdminModal } from '../components/add-admin-modal.tsx';
import { accessFromValue, accessOf, ACCESS_LEVELS, type AccessLevel } from '../manager-access.ts';

function ManagerActions({ companyId, manager }: { companyId: string; manager: ManagerRow }) {
  const { t } = useTranslation();
  const remove = useRemoveManager(companyId);
  const loginLink = useSendLoginLink(companyId);
  const billing = useSetBillingManager(companyId);
  const failed = (error: unknown) => showMessage({ type: 'error', message: translateError(t, error) });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('settings.admins.actionsFor', { name: manager.name || manager.email })}
          data-testid={`admin-actions-${manager.email}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconMail size={16} />}
          onClick={() =>
            loginLink.mutate(manager.userId, {
              onSuccess: () =>
                showMessage({
                  type: 'success',
                  message: translateMessage(t, MANAGER_MESSAGES.loginLinkSent),
                }),
              onError: failed,
            })
          }
        >
          {t('settings.admins.sendLoginLink')}
        </Menu.Item>
        {!manager.billingManager && (
          <Menu.Item
            leftSection={<IconCreditCard size={16} />}
            onClick={() => billing.mutate(manager.userId, { onError: failed })}
          >
            {t('settings.admins.makeBilling')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          data-testid={`admin-remove-${manager.email}`}
          onClick={() =>
            openConfirmDialog({
              title: t('settings.admins.remove'),
              message: t('settings.admins.removeConfirm', { name: manager.name || manager.email }),
              confirmLabel: t('settings.admins.remove'),
              cancelLabel: t('actions.cancel'),
              danger: true,
              onConfirm: () =>
                remove.mutate(manager.userId, {
                  onSuccess: () =>
                    showMessage({ type: 'success', message: translateMessage(t, MANAGER_MESSAGES.removed) }),
                  onError: failed,
                }),
            })
          }
        >
          {t('settings.admins.remove')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function AccessSelect({ companyId, manager }: { companyId: string; manager: ManagerRow }) {
  const { t } = useTranslation();
  const change = useChangeManager(companyId);
  return (
    <Select
      size="xs"
      w={170}
      aria-label={t('settings.admins.roleOf', { name: manager.name || manager.email })}
      data={ACCESS_LEVELS.map((level) => ({ value: level, label: t(`settings.admins.access.${level}`) }))}
      value={accessOf(manager)}
      allowDeselect={false}
      disabled={change.isPending}
      data-testid={`admin-role-${manager.email}`}
      onChange={(value) =>
        value &&
        change.mutate(
          { userId: manager.userId, ...accessFromValue(value as AccessLevel) },
          {
            onSuccess: () =>
              showMessage({ type: 'success', message: translateMessage(t, MANAGER_MESSAGES.saved) }),
            onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
          },
        )
      }
    />
  );
}

/** /settings/admins: the company's managers (spec 3 §7 "API keys and managers"). */
export function AdminsPage() {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const me = useCurrentUser().data;
  const managers = useManagers(company.company_id);
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title={t('settings.nav.admins')}
        description={t('settings.admins.description')}
        actions={
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => setAdding(true)}
            data-testid="admin-add"
          >
            {t('settings.admins.add')}
          </Button>
        }
      />
      <Card p={0}>
        <QueryTable
          query={managers}
          rows={managers.data?.managers}
          rowKey={(manager) => manager.userId}
          rowTestId={(manager) => `admin-row-${manager.email}`}
          empty={translateMessage(t, MESSAGES.noData)}
          minWidth={640}
          spacing={{ horizontal: 'md' }}
          testId="admins-table"
          columns={[
            {
              key: 'name',
              header: t('settings.admins.name'),
              cell: (manager) => (
                <Stack gap={0}>
                  <Group gap={6}>
                    <Text size="sm" fw={500}>
                      {manager.name || manager.email}
                    </Text>
                    {manager.userId === me?._id && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('settings.admins.you')}
                      </Badge>
                    )}
                    {manager.billingManager && (
                      <Badge size="xs" variant="light">
                        {t('settings.admins.billing')}
                      </Badge>
                    )}
                  </Group>
                  {manager.name && (
                    <Text size="xs" c="dimmed">
                      {manager.email}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              key: 'role',
              header: t('settings.admins.role'),
              cell: (manager) => <AccessSelect companyId={company.company_id} manager={manager} />,
            },
            {
              key: 'created',
              header: t('settings.admins.created'),
              cell: (manager) => <Text size="sm">{formatLongDate(manager.created, i18n.language)}</Text>,
            },
            {
              key: 'actions',
              header: t('settings.admins.actions'),
              hiddenHeader: true,
              align: 'right',
              cell: (manager) => <ManagerActions companyId={company.company_id} manager={manager} />,
            },
          ]}
        />
      </Card>
      <AddAdminModal companyId={company.company_id} opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
