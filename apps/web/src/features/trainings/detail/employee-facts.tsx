import { Badge, Card, DataList, Text } from '@mantine/core';
import type { TrainingUserDetail } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../../lib/format-date.ts';
import { channelKeysOf, formatPercent } from '../../campaigns/index.ts';

const NONE = '—';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Where the employee stands: a bounced mail first, then completed, started or not started. */
function progressState(employee: TrainingUserDetail): { color: string; key: string } {
  if (employee.log.some((entry) => entry.delivery_status === 'bounced') && !employee.started)
    return { color: 'red', key: 'bounced' };
  if (employee.completedDate) return { color: 'green', key: 'completed' };
  if (employee.started) return { color: 'yellow', key: 'started' };
  return { color: 'gray', key: 'notStarted' };
}

/** One employee in one program: lists, progress, completion, quiz score and the reminder channel. */
export function EmployeeFacts({ employee }: { employee: TrainingUserDetail }) {
  const { t, i18n } = useTranslation();
  const state = progressState(employee);
  const channels = channelKeysOf(employee.reminderTransport).map((key) =>
    t(`trainingWizard.channels.${key}`),
  );
  return (
    <Card maw={720}>
      <DataList orientation="horizontal" labelWidth={160}>
        <Field label={t('trainings.employees.columns.name')}>{employee.name || NONE}</Field>
        <Field label={t('trainings.employees.columns.email')}>
          <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
            {employee.email}
          </Text>
        </Field>
        <Field label={t('trainings.employees.columns.list')}>
          {employee.lists.map((list) => list.name).join(', ') || NONE}
        </Field>
        <Field label={t('trainings.employee.progress')}>
          <Badge variant="light" color={state.color} tt="none">
            {t(`trainings.employee.state.${state.key}`)}
          </Badge>
        </Field>
        <Field label={t('trainings.employees.columns.completed')}>
          {employee.completedDate ? formatShortDate(employee.completedDate, i18n.language) : NONE}
        </Field>
        <Field label={t('figures.completion')}>
          {formatPercent(employee.scorePercent, t('trainings.notAvailable'))}{' '}
          <Text span size="sm" c="dimmed">
            {t('trainings.employee.lessons', { score: employee.score, total: employee.total })}
          </Text>
        </Field>
        <Field label={t('figures.quizScore')}>
          {formatPercent(employee.quizScore, t('trainings.notAvailable'))}{' '}
          <Text span size="sm" c="dimmed">
            {t('trainings.employee.answers', { correct: employee.correct, answered: employee.answered })}
          </Text>
        </Field>
        <Field label={t('trainingDelivery.employee.reminderChannel')}>{channels.join(', ') || NONE}</Field>
      </DataList>
    </Card>
  );
}
