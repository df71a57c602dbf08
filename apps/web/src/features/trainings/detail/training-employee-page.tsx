import { Alert, Anchor, Badge, Card, DataList, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconEyeOff, IconUserQuestion } from '@tabler/icons-react';
import { isUuid, TRAINING_MESSAGES, type TrainingEmployeeRow } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatShortDate } from '../../../lib/format-date.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useTraining, useTrainingEmployees } from '../api/get-training.ts';
import { formatPercent } from '../components/percent.ts';
import { TRAINING_PATHS, trainingNotFoundPath } from '../training-paths.ts';
import { useCompany } from '../../../lib/session/index.ts';

const NONE = '—';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function EmployeeFacts({ employee }: { employee: TrainingEmployeeRow }) {
  const { t, i18n } = useTranslation();
  const state = employee.bounced
    ? { color: 'red', key: 'bounced' }
    : employee.completedDate
      ? { color: 'green', key: 'completed' }
      : employee.started
        ? { color: 'yellow', key: 'started' }
        : { color: 'gray', key: 'notStarted' };
  return (
    <Card maw={720}>
      <DataList orientation="horizontal" labelWidth={160}>
        <Field label={t('trainings.employees.columns.name')}>{employee.name || NONE}</Field>
        <Field label={t('trainings.employees.columns.email')}>{employee.email}</Field>
        <Field label={t('trainings.employees.columns.list')}>{employee.listName || NONE}</Field>
        <Field label={t('trainings.employee.progress')}>
          <Badge variant="light" color={state.color} tt="none">
            {t(`trainings.employee.state.${state.key}`)}
          </Badge>
        </Field>
        <Field label={t('trainings.employees.columns.completed')}>
          {employee.completedDate ? formatShortDate(employee.completedDate, i18n.language) : NONE}
        </Field>
        <Field label={t('trainings.employees.columns.score')}>
          {formatPercent(employee.scorePercent, t('trainings.notAvailable'))}{' '}
          <Text span size="sm" c="dimmed">
            {t('trainings.employee.lessons', { score: employee.score, total: employee.total })}
          </Text>
        </Field>
      </DataList>
    </Card>
  );
}

/** /trainings/{id}/user/{email}: one employee's figures in a program, with the way back to it (spec 2 §2). */
export function TrainingEmployeePage() {
  const { t } = useTranslation();
  const { id = '', email = '' } = useParams();
  const { company_id: companyId } = useCompany();
  const valid = isUuid(id);
  const training = useTraining(companyId, valid ? id : undefined);
  const employees = useTrainingEmployees(companyId, id, { q: email, filter: 'all', p: 1, n: 10 });
  const employee = employees.data?.rows.find((row) => row.email.toLowerCase() === email.toLowerCase());
  const notFound = (
    <Navigate to={trainingNotFoundPath(translateMessage(t, TRAINING_MESSAGES.notFound))} replace />
  );

  if (!valid || training.isError) return notFound;
  const back = training.data ? TRAINING_PATHS.view(training.data) : TRAINING_PATHS.list;

  return (
    <Stack gap={0}>
      <Anchor component={Link} to={back} size="sm" mb="md" w="fit-content">
        <Group gap={6}>
          <IconArrowLeft size={16} />
          {training.data
            ? t('trainings.employee.back', { name: training.data.name })
            : t('trainings.detail.back')}
        </Group>
      </Anchor>
      <PageHeader
        title={employee?.name || email}
        description={training.data && t('trainings.employee.inTraining', { name: training.data.name })}
      />
      {training.data?.anonymousTracking ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconEyeOff />}
          title={t('trainings.detail.anonymousTitle')}
        >
          {t('trainings.detail.anonymousText')}
        </Alert>
      ) : employees.isPending || training.isPending ? (
        <Skeleton h={220} radius="lg" maw={720} />
      ) : employees.isError ? (
        <LoadError error={employees.error} onRetry={() => void employees.refetch()} />
      ) : employee ? (
        <EmployeeFacts employee={employee} />
      ) : (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconUserQuestion />}
          maw={720}
          data-testid="employee-not-found"
        >
          {t('trainings.employee.notInTraining', { email })}
        </Alert>
      )}
    </Stack>
  );
}
