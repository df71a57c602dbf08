import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import type { EmployeePhishingRecord } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhishingTimelineModal } from '../../../components/phishing-timeline.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useEmployeePhishing, useEmployeePhishingTimeline } from '../api/get-employee-phishing.ts';

type Simulation = EmployeePhishingRecord['rows'][number];

const OUTCOME_COLORS: Record<Simulation['outcome'], string> = {
  notSent: 'gray',
  sent: 'blue',
  clicked: 'red',
  submitted: 'orange',
  reported: 'teal',
};

/** One simulation's timeline for this employee, in a modal (full screen on a phone). */
function TimelineModal({
  companyId,
  employeeId,
  simulation,
  onClose,
}: {
  companyId: string;
  employeeId: string;
  simulation: Simulation | null;
  onClose: () => void;
}) {
  const timeline = useEmployeePhishingTimeline(companyId, employeeId, simulation?.campaignId ?? null);
  return (
    <PhishingTimelineModal
      title={simulation ? simulation.name : null}
      timeline={timeline}
      testId="employee-phishing-timeline"
      onClose={onClose}
    />
  );
}

/**
 * The employee's phishing simulations on their page: how many reached them, what they did with each
 * (sent, opened, clicked, submitted, reported) and each one's timeline. The page shows it only when
 * the company tracks people by name (the server refuses it otherwise).
 */
export function EmployeePhishing({ companyId, employeeId }: { companyId: string; employeeId: string }) {
  const { t, i18n } = useTranslation();
  const record = useEmployeePhishing(companyId, employeeId);
  const [opened, setOpened] = useState<Simulation | null>(null);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  const figures = record.data && [
    ['simulations', record.data.simulations],
    ['opened', record.data.opened],
    ['clicked', record.data.clicked],
    ['submitted', record.data.submitted],
    ['reported', record.data.reported],
  ];
  return (
    <Card p={0} mt="lg" data-testid="employee-phishing">
      <Stack gap={4} p="lg" pb="sm">
        <Title order={2} fz="lg">
          {t('employees.employee.phishing.title')}
        </Title>
        {figures && record.data!.simulations > 0 && (
          <Group gap="xs" data-testid="employee-phishing-figures">
            {figures.map(([key, value]) => (
              <Badge key={key} variant="light" color="gray" tt="none" size="lg">
                {t(`employees.employee.phishing.figures.${key}`, { count: value as number })}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <QueryTable
        query={record}
        rows={record.data?.rows}
        rowKey={(row) => row.campaignId}
        empty={t('employees.employee.phishing.empty')}
        minWidth={1040}
        fz="sm"
        spacing={{ horizontal: 'lg' }}
        testId="employee-phishing-table"
        rowTestId={(row) => `employee-phishing-${row.campaignId}`}
        columns={[
          {
            key: 'name',
            header: t('employees.employee.phishing.simulation'),
            td: { fw: 500 },
            cell: (row) => row.name,
          },
          { key: 'sent', header: t('phishing.events.sent'), cell: (row) => when(row.sentAt) },
          { key: 'opened', header: t('phishing.events.opened'), cell: (row) => when(row.openedAt) },
          { key: 'clicked', header: t('phishing.events.clicked'), cell: (row) => when(row.clickedAt) },
          {
            key: 'submitted',
            header: t('phishing.employees.submitted'),
            cell: (row) => when(row.submittedAt),
          },
          { key: 'reported', header: t('phishing.events.reported'), cell: (row) => when(row.reportedAt) },
          {
            key: 'outcome',
            header: t('employees.employee.phishing.outcome'),
            cell: (row) => (
              <Badge variant="light" tt="none" color={OUTCOME_COLORS[row.outcome]}>
                {t(`phishing.outcomes.${row.outcome}`)}
              </Badge>
            ),
          },
          {
            key: 'timeline',
            header: t('phishing.employees.timeline'),
            hiddenHeader: true,
            cell: (row) =>
              row.outcome !== 'notSent' && (
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => setOpened(row)}
                  aria-label={t('employees.employee.phishing.timelineOf', { name: row.name })}
                >
                  {t('phishing.employees.timeline')}
                </Button>
              ),
          },
        ]}
      />
      <TimelineModal
        companyId={companyId}
        employeeId={employeeId}
        simulation={opened}
        onClose={() => setOpened(null)}
      />
    </Card>
  );
}
