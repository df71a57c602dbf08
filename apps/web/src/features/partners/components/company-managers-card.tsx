import { ActionIcon, Badge, Button, Card, Group, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MANAGER_MESSAGES, ROLE_NAMES, type PartnerCompanyDetail, type PartnerManager } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatShortDate } from '../../../lib/format-date.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { AddAdminModal } from '../../settings/index.ts';
import { useAddPartnerManager, useRemovePartnerManager } from '../api/partners.ts';

/** The customer's managers: its partner adds and removes them (spec 3 §1, §6). */
export function CompanyManagersCard({
  partnerId,
  company,
}: {
  partnerId: string;
  company: PartnerCompanyDetail;
}) {
  const { t, i18n } = useTranslation();
  const companyId = company.company_id;
  const add = useAddPartnerManager(partnerId, companyId);
  const remove = useRemovePartnerManager(partnerId, companyId);
  const [adding, setAdding] = useState(false);

  const askRemove = (manager: PartnerManager) =>
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
          onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
        }),
    });

  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t('partners.managers.title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} />}
          onClick={() => setAdding(true)}
          data-testid="partner-add-manager"
        >
          {t('settings.admins.add')}
        </Button>
      </Group>
      <QueryTable
        rows={company.managers}
        rowKey={(m) => m.userId}
        rowTestId={(m) => `partner-manager-${m.email}`}
        minWidth={560}
        empty={t('partners.managers.empty')}
        columns={[
          { key: 'name', header: t('settings.admins.name'), cell: (m) => m.name || '—' },
          { key: 'email', header: t('settings.admins.email'), cell: (m) => m.email },
          {
            key: 'role',
            header: t('settings.admins.role'),
            cell: (m) => <Badge variant="light">{t(`roles.${ROLE_NAMES[m.role]}`)}</Badge>,
          },
          {
            key: 'created',
            header: t('partners.managers.added'),
            cell: (m) => formatShortDate(m.created, i18n.language),
          },
          {
            key: 'actions',
            header: t('partners.managers.actions'),
            hiddenHeader: true,
            align: 'right',
            cell: (m) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('partners.managers.remove', { name: m.name || m.email })}
                onClick={() => askRemove(m)}
                data-testid={`partner-remove-manager-${m.email}`}
              >
                <IconTrash size={18} />
              </ActionIcon>
            ),
          },
        ]}
      />
      <AddAdminModal companyId={companyId} opened={adding} onClose={() => setAdding(false)} mutation={add} />
    </Card>
  );
}
