import { Alert, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEyeOff, IconSearch } from '@tabler/icons-react';
import { PHISHING_EMPLOYEE_OUTCOMES, PHISHING_LIMITS, type PhishingEmployeeRow } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PhishingTimelineModal } from '../../../components/phishing-timeline.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { usePhishingEmployees, usePhishingTimeline } from '../api/phishing-api.ts';

type Outcome = (typeof PHISHING_EMPLOYEE_OUTCOMES)[number];

/** What happened to one employee's mail, in order; scanner rows with why they are not clicks. */
function TimelineModal({
  companyId,
  id,
  employee,
  onClose,
}: {
  companyId: string;
  id: string;
  employee: PhishingEmployeeRow | null;
  onClose: () => void;
}) {
  const timeline = usePhishingTimeline(companyId, id, employee?.employeeId ?? null);
  return (
    <PhishingTimelineModal
      title={employee ? employee.name || employee.email : null}
      detail={employee?.email}
      timeline={timeline}
      testId="employee-timeline"
      onClose={onClose}
    />
  );
}

/** The employees of a simulation, what each did, and each one's timeline (hidden under anonymity). */
export function EmployeesTab({
  companyId,
  id,
  anonymous,
}: {
  companyId: string;
  id: string;
  anonymous: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q.trim(), 300);
  const [outcome, setOutcome] = useState<Outcome>('all');
  const [p, setP] = useState(1);
  const [opened, setOpened] = useState<PhishingEmployeeRow | null>(null);
  const query = { q: search || undefined, outcome, p, n: PHISHING_LIMITS.pageSize };
  const page = usePhishingEmployees(companyId, id, query);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  return (
    <Card withBorder>
      <Stack gap="md">
        {anonymous && (
          <Alert color="gray" variant="light" icon={<IconEyeOff />}>
            {t('phishing.messages.anonymous')}
          </Alert>
        )}
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t('phishing.employees.search')}
            leftSection={<IconSearch size={16} />}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setP(1);
            }}
            style={{ flex: '1 1 240px' }}
            maw={360}
          />
          <Select
            label={t('phishing.employees.outcome')}
            data={PHISHING_EMPLOYEE_OUTCOMES.map((value) => ({
              value,
              label: t(`phishing.outcomes.${value}`),
            }))}
            value={outcome}
            onChange={(value) => {
              setOutcome((value ?? 'all') as Outcome);
              setP(1);
            }}
            allowDeselect={false}
            w={220}
            data-testid="outcome-filter"
          />
        </Group>
        {page.isError ? (
          <LoadError error={page.error} onRetry={() => void page.refetch()} />
        ) : (
          <QueryTable
            rows={page.data?.rows}
            rowKey={(row) => `${row.employeeId}-${row.templateId}`}
            minWidth={980}
            fz="sm"
            empty={t('phishing.employees.none')}
            testId="phishing-employees"
            rowTestId={(row) => `employee-${row.email || row.employeeId}`}
            columns={[
              {
                key: 'name',
                header: t('phishing.employees.name'),
                cell: (row) =>
                  anonymous ? (
                    <Text size="sm" c="dimmed">
                      {t('phishing.employees.anonymous')}
                    </Text>
                  ) : (
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {row.name || row.email}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.email}
                      </Text>
                    </Stack>
                  ),
              },
              { key: 'template', header: t('phishing.employees.template'), cell: (row) => row.templateName },
              { key: 'sent', header: t('phishing.employees.sent'), cell: (row) => when(row.sentAt) },
              { key: 'clicked', header: t('phishing.employees.clicked'), cell: (row) => when(row.clickedAt) },
              {
                key: 'submitted',
                header: t('phishing.employees.submitted'),
                cell: (row) => when(row.submittedAt),
              },
              {
                key: 'reported',
                header: t('phishing.employees.reported'),
                cell: (row) => when(row.reportedAt),
              },
              {
                key: 'scanner',
                header: t('phishing.employees.scanner'),
                align: 'right',
                cell: (row) => row.scannerEvents,
              },
              {
                key: 'timeline',
                header: t('phishing.employees.timeline'),
                hiddenHeader: true,
                cell: (row) =>
                  !anonymous && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setOpened(row)}
                      aria-label={t('phishing.employees.timelineOf', { name: row.name || row.email })}
                    >
                      {t('phishing.employees.timeline')}
                    </Button>
                  ),
              },
            ]}
            footer={
              <TablePager
                page={p}
                totalPages={pageCount(page.data?.total ?? 0, PHISHING_LIMITS.pageSize)}
                onChange={setP}
              />
            }
          />
        )}
      </Stack>
      <TimelineModal companyId={companyId} id={id} employee={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
