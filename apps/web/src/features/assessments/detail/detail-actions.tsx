import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconPencil,
  IconPlayerPause,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import type { AssessmentView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { translateError } from '../../../lib/translate-message.ts';
import { useChangeAssessment, useDeleteAssessment, type AssessmentChange } from '../api/assessments-api.ts';
import { ASSESSMENT_REPORT_PATHS } from './report-paths.ts';

type Permissions = Pick<AssessmentView, 'id' | 'canEdit' | 'canCopy' | 'canPause' | 'canStop' | 'canDelete'>;

/** The assessment's own actions (spec 2 §4), each offered only when the server says it is allowed. */
export function DetailActions({ assessment, companyId }: { assessment: Permissions; companyId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangeAssessment(companyId);
  const remove = useDeleteAssessment(companyId);
  const busy = change.isPending || remove.isPending;
  const failed = (error: Error) => showMessage({ type: 'error', message: translateError(t, error) });

  const confirmChange = (action: AssessmentChange) =>
    openConfirmDialog({
      title: t(`assessmentReports.actions.${action}Title`),
      message: t(`assessmentReports.actions.${action}Text`),
      confirmLabel: t(`assessmentReports.actions.${action}`),
      cancelLabel: t('actions.cancel'),
      onConfirm: () =>
        change.mutate(
          { id: assessment.id, action },
          {
            onSuccess: () =>
              showMessage({
                type: 'success',
                message: t(`assessmentReports.messages.${action === 'pause' ? 'paused' : 'stopped'}`),
              }),
            onError: failed,
          },
        ),
    });
  const confirmDelete = () =>
    openConfirmDialog({
      title: t('assessmentReports.actions.deleteTitle'),
      message: t('assessmentReports.actions.deleteText'),
      confirmLabel: t('assessmentReports.actions.delete'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(assessment.id, {
          onSuccess: () => {
            showMessage({ type: 'success', message: t('assessmentReports.messages.deleted') });
            void navigate(ASSESSMENT_REPORT_PATHS.list);
          },
          onError: failed,
        }),
    });

  const { canEdit, canCopy, canPause, canStop, canDelete } = assessment;
  if (!canEdit && !canCopy && !canPause && !canStop && !canDelete) return null;
  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size={36}
          loading={busy}
          aria-label={t('assessmentReports.actions.menu')}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEdit && (
          <Menu.Item
            component={Link}
            to={ASSESSMENT_REPORT_PATHS.edit(assessment.id)}
            leftSection={<IconPencil size={16} />}
          >
            {t('assessmentReports.actions.edit')}
          </Menu.Item>
        )}
        {canCopy && (
          <Menu.Item
            component={Link}
            to={ASSESSMENT_REPORT_PATHS.copy(assessment.id)}
            leftSection={<IconCopy size={16} />}
          >
            {t('assessmentReports.actions.copy')}
          </Menu.Item>
        )}
        {canPause && (
          <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => confirmChange('pause')}>
            {t('assessmentReports.actions.pause')}
          </Menu.Item>
        )}
        {canStop && (
          <Menu.Item leftSection={<IconPlayerStop size={16} />} onClick={() => confirmChange('stop')}>
            {t('assessmentReports.actions.stop')}
          </Menu.Item>
        )}
        {canDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
            {t('assessmentReports.actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
