import { ActionIcon, Button, Checkbox, Tooltip } from '@mantine/core';
import { IconLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useDeleteTrainingUsers } from '../api/delete-training-users.ts';
import { useCopySigninLink } from '../delivery/use-copy-signin-link.ts';

/**
 * The report's actions for admins (spec 3 §2.3): picking employees of the page and deleting them, and
 * copying one employee's sign-in link. Which of them the manager has comes with the report.
 */
export function useReportEmployeeActions(companyId: string, trainingId: string) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const remove = useDeleteTrainingUsers(companyId, trainingId);
  const signinLink = useCopySigninLink(companyId, trainingId);

  const toggle = (email: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(email);
      else next.delete(email);
      return next;
    });

  const confirmDelete = () => {
    const emails = [...selected];
    openConfirmDialog({
      title: t('trainingReport.delete.title', { count: emails.length }),
      message: t('trainingReport.delete.message', { count: emails.length }),
      confirmLabel: t('trainingReport.delete.confirm'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(
          { emails },
          {
            onSuccess: ({ message }) => {
              setSelected(new Set());
              showMessage({ type: 'success', message: translateMessage(t, message) });
            },
            onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
          },
        ),
    });
  };

  return {
    selected,
    toggle,
    /** Selects every email given, or none when they all are. */
    togglePage: (emails: string[]) =>
      setSelected(emails.every((e) => selected.has(e)) ? new Set() : new Set(emails)),
    clear: () => setSelected(new Set()),
    confirmDelete,
    deleting: remove.isPending,
    copyLink: signinLink.copy,
    copyingEmail: signinLink.pendingEmail,
  };
}

export type ReportEmployeeActions = ReturnType<typeof useReportEmployeeActions>;

export function DeleteUsersButton({ actions }: { actions: ReportEmployeeActions }) {
  const { t } = useTranslation();
  const count = actions.selected.size;
  return (
    <Button
      color="red"
      variant="light"
      size="compact-sm"
      leftSection={<IconTrash size={14} />}
      disabled={count === 0}
      loading={actions.deleting}
      onClick={actions.confirmDelete}
      data-testid="report-delete-users"
    >
      {count > 0 ? t('trainingReport.delete.buttonCount', { count }) : t('trainingReport.delete.button')}
    </Button>
  );
}

export function PageCheckbox({ actions, emails }: { actions: ReportEmployeeActions; emails: string[] }) {
  const { t } = useTranslation();
  const picked = emails.filter((e) => actions.selected.has(e)).length;
  return (
    <Checkbox
      aria-label={t('trainingDelivery.selection.page')}
      checked={emails.length > 0 && picked === emails.length}
      indeterminate={picked > 0 && picked < emails.length}
      disabled={emails.length === 0}
      onChange={() => actions.togglePage(emails)}
    />
  );
}

export function RowCheckbox({
  actions,
  email,
  name,
}: {
  actions: ReportEmployeeActions;
  email: string;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      aria-label={t('trainingDelivery.selection.one', { name: name || email })}
      checked={actions.selected.has(email)}
      onChange={(change) => actions.toggle(email, change.currentTarget.checked)}
    />
  );
}

export function CopyLinkButton({ actions, email }: { actions: ReportEmployeeActions; email: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('trainingDelivery.signinLink.copy')} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        loading={actions.copyingEmail === email}
        onClick={() => actions.copyLink(email)}
        aria-label={t('trainingDelivery.signinLink.copyFor', { email })}
      >
        <IconLink size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
