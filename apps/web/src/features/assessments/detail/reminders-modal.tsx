import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ASSESSMENT_MESSAGES, type AssessmentView } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FreshModal } from '../../../components/fresh-modal.tsx';
import {
  hasRecentReminder,
  RecentReminderAlert,
  ReminderListsSelect,
  useReminderNotices,
} from '../../campaigns/index.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import {
  useReminderCount,
  useSendAssessmentReminders,
  type ReminderRequest,
} from '../api/assessment-reports-api.ts';
import { reminderListScope } from './report-rules.ts';

/** Who the modal reminds: every employee of the chosen lists, or the named employees. */
export type RemindTarget = { emails: string[] } | { lists: true };

interface RemindersModalProps {
  companyId: string;
  assessment: Pick<AssessmentView, 'id' | 'lists'>;
  target: RemindTarget | null;
  onClose: () => void;
}

/**
 * Spec 2 §4 reminder confirmations for assessments: how many employees who have not started will be
 * reminded and from which lists, nobody to remind, and a repeat within 24 hours to confirm.
 */
export function AssessmentRemindersModal({ target, onClose, ...rest }: RemindersModalProps) {
  const { t } = useTranslation();
  return (
    <FreshModal
      opened={target !== null}
      onClose={onClose}
      title={t('assessmentReports.reminders.open')}
      size="lg"
      testId="assessment-reminders-modal"
    >
      {target && <RemindersForm target={target} onClose={onClose} {...rest} />}
    </FreshModal>
  );
}

function RemindersForm({
  companyId,
  assessment,
  target,
  onClose,
}: RemindersModalProps & { target: RemindTarget }) {
  const { t, i18n } = useTranslation();
  const [lists, setLists] = useState<string[]>([]);
  const [repeat, setRepeat] = useState(false);
  const byEmail = 'emails' in target;
  const request: ReminderRequest = byEmail
    ? { emails: target.emails }
    : lists.length > 0
      ? { listIds: lists }
      : {};
  const count = useReminderCount(companyId, assessment.id, request);
  const send = useSendAssessmentReminders(companyId, assessment.id);
  const notices = useReminderNotices();

  const counted = count.isSuccess && !count.isPlaceholderData ? count.data : undefined;
  const last = counted?.lastReminders ?? null;
  const recent = hasRecentReminder(last ? [{ date: last }] : [], new Date());
  const nobody = counted?.remindersCount === 0;
  const canSend = Boolean(counted) && !nobody && (!recent || repeat) && !send.isPending;
  const scope = byEmail ? null : reminderListScope(lists, assessment.lists);
  const scopeText =
    scope?.kind === 'one'
      ? t('assessmentReports.reminders.fromList', { name: scope.name })
      : scope?.kind === 'many'
        ? t('assessmentReports.reminders.fromLists', { count: scope.count })
        : '';

  const submit = () =>
    send.mutate(
      { ...request, confirmRepeat: recent && repeat },
      {
        onSuccess: (answer) => {
          notices.answered(answer);
          if (answer.success) onClose();
        },
        onError: notices.failed,
      },
    );

  if (nobody)
    return (
      <Stack gap="md" data-testid="reminders-nobody">
        <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
          {translateMessage(t, ASSESSMENT_MESSAGES.noEmployeesToRemind)}
        </Alert>
        {!byEmail && assessment.lists.length > 1 && lists.length > 0 && (
          <Button variant="subtle" onClick={() => setLists([])}>
            {t('assessmentReports.reminders.allLists')}
          </Button>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('assessmentReports.close')}</Button>
        </Group>
      </Stack>
    );

  return (
    <Stack gap="md">
      {!byEmail && assessment.lists.length > 1 && (
        <ReminderListsSelect
          label={t('assessmentReports.reminders.lists')}
          allLabel={t('assessmentReports.reminders.allLists')}
          lists={assessment.lists}
          value={lists}
          onChange={setLists}
        />
      )}
      {count.isError ? (
        <LoadError error={count.error} onRetry={() => void count.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md" data-testid="reminders-count">
          {counted ? (
            <Stack gap={4}>
              <Text fw={600}>
                {t('assessmentReports.reminders.count', { count: counted.remindersCount })}
                {scopeText && ` ${scopeText}`}
              </Text>
              {last && (
                <Text size="sm" c="dimmed">
                  {t('assessmentReports.reminders.last', { date: formatDateTime(last, i18n.language) })}
                </Text>
              )}
            </Stack>
          ) : (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('assessmentReports.reminders.counting')}
              </Text>
            </Group>
          )}
        </Paper>
      )}
      {recent && (
        <RecentReminderAlert
          message={translateMessage(t, ASSESSMENT_MESSAGES.recentReminder)}
          repeatLabel={t('assessmentReports.reminders.repeat')}
          repeat={repeat}
          onRepeatChange={setRepeat}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={submit} disabled={!canSend} loading={send.isPending}>
          {t('assessmentReports.reminders.send')}
        </Button>
      </Group>
    </Stack>
  );
}
