import { Alert, Card, Grid, Stack, Tabs } from '@mantine/core';
import { IconEyeOff, IconInfoCircle, IconList, IconSchool, IconUsers } from '@tabler/icons-react';
import type { TrainingView } from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TrainingEmployeesTable } from '../components/training-employees-table.tsx';
import { useTrainingActions } from '../components/use-training-actions.ts';
import { DeliveryStatusModal } from '../delivery/delivery-status-modal.tsx';
import { RemindersModal } from '../delivery/reminders-modal.tsx';
import { EVERY_EMPLOYEE, type ReminderTarget } from '../delivery/reminder-target.ts';
import { TRAINING_PATHS } from '../training-paths.ts';
import { DetailHeader } from './detail-header.tsx';
import { DetailTools } from './detail-tools.tsx';
import { EmployeesModal } from './employees-modal.tsx';
import { LessonsTable, ListsTable } from './report-tables.tsx';
import { SchedulePanel } from './schedule-panel.tsx';
import { TrainingFigures } from './training-figures.tsx';
import { hasDeliveries } from './training-timing.ts';
import { useNoDeliveriesText } from './use-no-deliveries-text.ts';
import { useBrandedTitle } from '../../../lib/session/index.ts';

interface TrainingDetailProps {
  training: TrainingView;
  companyId: string;
  isAdmin: boolean;
}

/** The detail of a program that is not a draft: figures, schedule, and its lessons, lists and employees. */
export function TrainingDetail({ training, companyId, isAdmin }: TrainingDetailProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBrandedTitle(`${training.name}`);
  const [modal, setModal] = useState<'invited' | 'bounced' | null>(null);
  const [remind, setRemind] = useState<ReminderTarget | null>(null);
  const [deliveryStatus, setDeliveryStatus] = useState(false);
  const subjectTitles = useMemo(
    () => new Map(training.subjects.map((subject) => [subject.id, subject.title])),
    [training.subjects],
  );
  const { itemsFor, pendingId } = useTrainingActions(companyId);
  const actions = itemsFor(training, {
    withView: false,
    onDeleted: () => void navigate(TRAINING_PATHS.list),
  });
  const noDeliveriesText = useNoDeliveriesText(training);
  const delivered = hasDeliveries(training) || training.totalUsers > 0;
  const anonymous = training.anonymousTracking;
  const table = {
    companyId,
    trainingId: training.id,
    anonymous,
    emptyText: t('trainings.employees.empty'),
    canRemind: training.canRemind,
    isAdmin,
    onRemind: setRemind,
  };

  return (
    <>
      <DetailHeader
        training={training}
        companyId={companyId}
        isAdmin={isAdmin}
        actions={actions}
        pending={pendingId === training.id}
        onShowEmployees={setModal}
        tools={
          <DetailTools
            training={training}
            companyId={companyId}
            isAdmin={isAdmin}
            onRemind={() => setRemind(EVERY_EMPLOYEE)}
            onDeliveryStatus={() => setDeliveryStatus(true)}
          />
        }
      />
      <Grid gap="lg" mb="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg" h="100%">
            <TrainingFigures training={training} delivered={delivered} />
            {!delivered && (
              <Alert variant="light" color="blue" icon={<IconInfoCircle />} data-testid="no-deliveries">
                {noDeliveriesText}
              </Alert>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SchedulePanel training={training} />
        </Grid.Col>
      </Grid>
      {anonymous && (
        <Alert
          variant="light"
          color="gray"
          icon={<IconEyeOff />}
          title={t('trainings.detail.anonymousTitle')}
          mb="lg"
          data-testid="anonymous-tracking"
        >
          {t('trainings.detail.anonymousText')}
        </Alert>
      )}
      <Card p={0}>
        <Tabs defaultValue="lessons" keepMounted={false}>
          <Tabs.List px="md" pt="xs" style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            <Tabs.Tab value="lessons" leftSection={<IconSchool size={16} />}>
              {t('trainings.detail.tabs.lessons')}
            </Tabs.Tab>
            <Tabs.Tab value="lists" leftSection={<IconList size={16} />}>
              {t('trainings.detail.tabs.lists')}
            </Tabs.Tab>
            <Tabs.Tab value="employees" leftSection={<IconUsers size={16} />}>
              {t('trainings.detail.tabs.employees')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="lessons" p="md">
            <LessonsTable companyId={companyId} trainingId={training.id} />
          </Tabs.Panel>
          <Tabs.Panel value="lists" p="md">
            <ListsTable companyId={companyId} trainingId={training.id} />
          </Tabs.Panel>
          <Tabs.Panel value="employees" p="md">
            <TrainingEmployeesTable variant="tab" {...table} />
          </Tabs.Panel>
        </Tabs>
      </Card>
      <EmployeesModal variant={modal} onClose={() => setModal(null)} {...table} />
      <RemindersModal
        companyId={companyId}
        training={training}
        target={remind}
        onClose={() => setRemind(null)}
      />
      <DeliveryStatusModal
        opened={deliveryStatus}
        onClose={() => setDeliveryStatus(false)}
        companyId={companyId}
        trainingId={training.id}
        subjectTitles={subjectTitles}
        canResend={isAdmin}
      />
    </>
  );
}
