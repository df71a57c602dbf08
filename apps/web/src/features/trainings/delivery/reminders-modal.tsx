import { Alert, Button, Group, Loader, Paper, Radio, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  DELIVERY_MESSAGES,
  LOW_PERFORMING_PERCENT,
  REMINDER_MODES,
  type ReminderMode,
  type ReminderSelection,
  type TrainingView,
} from '@vigil/shared';
import { useMemo, useState } from 'react';
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
import { useReminderCount, useSendReminders } from '../api/remind-employees.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import type { ReminderTarget } from './reminder-target.ts';

/** The count follows the choices once they have settled for a moment. */
const COUNT_DEBOUNCE_MS = 300;
const MODES: ReminderMode[] = [REMINDER_MODES.lowPerforming, REMINDER_MODES.notFinished, REMINDER_MODES.all];

interface RemindersModalProps {
  companyId: string;
  training: Pick<TrainingView, 'id' | 'lists'>;
  /** Who the modal was opened for; null while it is closed. */
  target: ReminderTarget | null;
  onClose: () => void;
}

/**
 * Spec 2 §4 Reminder modes and confirmations: choose who is reminded, see how many that is and when
 * the last reminders went out, confirm a repeat within 24 hours, and send.
 */
export function RemindersModal({ companyId, training, target, onClose }: RemindersModalProps) {
  const { t } = useTranslation();
  return (
    <FreshModal
      opened={target !== null}
      onClose={onClose}
      title={t('trainingDelivery.reminders.title')}
      size="lg"
      testId="reminders-modal"
    >
      {target && (
        <RemindersForm companyId={companyId} training={training} target={target} onClose={onClose} />
      )}
    </FreshModal>
  );
}

function useTargetText(target: ReminderTarget): string {
  const { t } = useTranslation();
  if (target.all)
    return target.excluded.length > 0
      ? t('trainingDelivery.reminders.target.allExcept', { count: target.excluded.length })
      : t('trainingDelivery.reminders.target.all');
  if (target.emails.length === 1) return target.emails[0] ?? '';
  return t('trainingDelivery.reminders.target.some', { count: target.emails.length });
}

function RemindersForm({
  companyId,
  training,
  target,
  onClose,
}: Omit<RemindersModalProps, 'target'> & { target: ReminderTarget }) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<ReminderMode>(REMINDER_MODES.notFinished);
  const [lists, setLists] = useState<string[]>([]);
  const [repeat, setRepeat] = useState(false);
  const targetText = useTargetText(target);

  const selection = useMemo<ReminderSelection>(
    () => ({
      reminderOption: mode,
      all: target.all,
      emails: target.emails,
      excluded: target.excluded,
      userLists: target.all ? lists : [],
    }),
    [mode, lists, target],
  );
  const [settled] = useDebouncedValue(selection, COUNT_DEBOUNCE_MS);
  const count = useReminderCount(companyId, training.id, settled, true);
  const send = useSendReminders(companyId, training.id);
  const notices = useReminderNotices();

  const counting = settled !== selection || count.isFetching;
  const remindersCount = count.data?.remindersCount;
  const lastReminders = count.data?.lastReminders ?? [];
  const recent = hasRecentReminder(lastReminders, new Date());
  const nobody = !counting && count.isSuccess && remindersCount === 0;
  const canSend = !counting && count.isSuccess && (remindersCount ?? 0) > 0 && (!recent || repeat);

  const submit = () =>
    send.mutate(
      { ...selection, repeat: recent && repeat },
      {
        onSuccess: (response) => {
          notices.answered(response);
          if (response.success) {
            target.onSent?.();
            onClose();
          }
        },
        onError: notices.failed,
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm">
        <Text span c="dimmed">
          {t('trainingDelivery.reminders.target.label')}:
        </Text>{' '}
        <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
          {targetText}
        </Text>
      </Text>
      <Radio.Group
        label={t('trainingDelivery.reminders.mode.label')}
        value={String(mode)}
        onChange={(value) => {
          const next = MODES.find((candidate) => String(candidate) === value);
          if (next) setMode(next);
        }}
      >
        <Stack gap="sm" mt="xs">
          {MODES.map((value) => (
            <Radio
              key={value}
              value={String(value)}
              label={t(`trainingDelivery.reminders.mode.${value}`)}
              description={t(`trainingDelivery.reminders.mode.${value}Text`, {
                percent: LOW_PERFORMING_PERCENT,
              })}
            />
          ))}
        </Stack>
      </Radio.Group>
      {target.all && training.lists.length > 1 && (
        <ReminderListsSelect
          label={t('trainingDelivery.reminders.lists')}
          allLabel={t('trainingDelivery.reminders.allLists')}
          lists={training.lists}
          value={lists}
          onChange={setLists}
        />
      )}

      {count.isError ? (
        <LoadError error={count.error} onRetry={() => void count.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md" data-testid="reminders-count">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('trainingDelivery.reminders.count')}
            </Text>
            {counting || remindersCount === undefined ? (
              <Loader size="xs" aria-label={t('trainingDelivery.reminders.counting')} />
            ) : (
              <Text fw={700}>{t('trainingDelivery.reminders.employees', { count: remindersCount })}</Text>
            )}
          </Group>
          {lastReminders.length > 0 && (
            <Stack gap={4} mt="sm">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('trainingDelivery.reminders.last')}
              </Text>
              {lastReminders.map((reminder, index) => (
                <Group key={`${reminder.date}-${index}`} justify="space-between" gap="xs">
                  <Text size="sm">{formatDateTime(reminder.date, i18n.language)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('trainingDelivery.reminders.sentTo', { count: reminder.sendTo })}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
      )}

      {nobody && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />} data-testid="reminders-nobody">
          {translateMessage(t, DELIVERY_MESSAGES.noEmployees)}
        </Alert>
      )}
      {recent && !nobody && (
        <RecentReminderAlert
          message={translateMessage(t, DELIVERY_MESSAGES.recentReminder)}
          repeatLabel={t('trainingDelivery.reminders.repeat')}
          repeat={repeat}
          onRepeatChange={setRepeat}
        />
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {nobody ? t('trainingDelivery.close') : t('actions.cancel')}
        </Button>
        {!nobody && (
          <Button onClick={submit} disabled={!canSend} loading={send.isPending}>
            {t('trainingDelivery.reminders.send')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
