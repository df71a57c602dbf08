import { Alert, Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconBell, IconEyeOff, IconLink, IconUserQuestion } from '@tabler/icons-react';
import { isUuid, TRAINING_MESSAGES } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useTraining } from '../api/get-training.ts';
import { useTrainingUser } from '../api/get-training-user.ts';
import { MailModal } from '../delivery/mail-modal.tsx';
import { oneEmployee, type ReminderTarget } from '../delivery/reminder-target.ts';
import { RemindersModal } from '../delivery/reminders-modal.tsx';
import { useCopySigninLink } from '../delivery/use-copy-signin-link.ts';
import { TRAINING_PATHS, trainingNotFoundPath } from '../training-paths.ts';
import { EmployeeFacts } from './employee-facts.tsx';
import { EmployeeLogTable, EmployeeSubjectsTable } from './employee-progress-tables.tsx';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /trainings/{id}/user/{email}: one employee in a program — figures, subjects, what was sent and,
 * for super-admins, the mails themselves — with the way back to the program (spec 2 §2).
 */
export function TrainingEmployeePage() {
  const { t } = useTranslation();
  const { id = '', email = '' } = useParams();
  const { company_id: companyId } = useCompany();
  const isAdmin = useIsAdmin();
  const valid = isUuid(id);
  const training = useTraining(companyId, valid ? id : undefined);
  const anonymous = training.data?.anonymousTracking ?? false;
  const employee = useTrainingUser(companyId, id, email, training.isSuccess && !anonymous);
  const signinLink = useCopySigninLink(companyId, id);
  const [remind, setRemind] = useState<ReminderTarget | null>(null);
  const [mail, setMail] = useState<{ id: string | null; opened: boolean }>({ id: null, opened: false });

  if (!valid || training.isError)
    return <Navigate to={trainingNotFoundPath(translateMessage(t, TRAINING_MESSAGES.notFound))} replace />;
  const back = training.data ? TRAINING_PATHS.view(training.data) : TRAINING_PATHS.list;
  const detail = employee.data;
  const remindable = Boolean(training.data?.canRemind && detail && !detail.started && !detail.completedDate);

  const actions = detail && (
    <>
      {remindable && (
        <Button leftSection={<IconBell size={16} />} onClick={() => setRemind(oneEmployee(detail.email))}>
          {t('trainingDelivery.reminders.open')}
        </Button>
      )}
      {isAdmin && (
        <Button
          variant="default"
          leftSection={<IconLink size={16} />}
          loading={signinLink.pendingEmail === detail.email}
          onClick={() => signinLink.copy(detail.email)}
        >
          {t('trainingDelivery.signinLink.copy')}
        </Button>
      )}
    </>
  );

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
        title={detail?.name || email}
        description={training.data && t('trainings.employee.inTraining', { name: training.data.name })}
        actions={actions}
      />
      {anonymous ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconEyeOff />}
          title={t('trainings.detail.anonymousTitle')}
        >
          {t('trainings.detail.anonymousText')}
        </Alert>
      ) : employee.isError && isNotFound(employee.error) ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconUserQuestion />}
          maw={720}
          data-testid="employee-not-found"
        >
          {t('trainings.employee.notInTraining', { email })}
        </Alert>
      ) : employee.isError ? (
        <LoadError error={employee.error} onRetry={() => void employee.refetch()} />
      ) : !detail || !training.data ? (
        <Stack gap="lg" aria-busy="true" aria-label={t('session.loadingPage')}>
          <Skeleton h={220} radius="lg" maw={720} />
          <Skeleton h={180} radius="lg" />
        </Stack>
      ) : (
        <Stack gap="lg">
          <EmployeeFacts employee={detail} />
          <EmployeeSubjectsTable subjects={detail.subjects} />
          <EmployeeLogTable log={detail.log} onViewMail={(mailId) => setMail({ id: mailId, opened: true })} />
          <RemindersModal
            companyId={companyId}
            training={training.data}
            target={remind}
            onClose={() => setRemind(null)}
          />
          <MailModal
            companyId={companyId}
            trainingId={id}
            email={detail.email}
            mailId={mail.id}
            opened={mail.opened}
            onClose={() => setMail((current) => ({ ...current, opened: false }))}
          />
        </Stack>
      )}
    </Stack>
  );
}
