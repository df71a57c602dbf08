import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconEyeOff, IconInfoCircle, IconRadar } from '@tabler/icons-react';
import type { PhishingBreakdownRow, PhishingResults } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatShortDate } from '../../../lib/format-date.ts';
import { formatPercent } from '../../campaigns/index.ts';
import { usePhishingResults } from '../api/phishing-api.ts';
import { chartDays, durationParts } from './results-rules.ts';

const BREAKDOWNS = ['byList', 'byDepartment', 'byTemplate', 'byDifficulty'] as const;
type Breakdown = (typeof BREAKDOWNS)[number];

/** A duration in words ("3 h 12 min"), or "No report yet". */
function Duration({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  if (seconds === null) return <>{t('phishing.results.noReport')}</>;
  return (
    <>
      {durationParts(seconds)
        .map((p) => t(`phishing.units.${p.unit}`, { count: p.value }))
        .join(' ')}
    </>
  );
}

/** One figure of the totals: its value large, what it means under it. */
function Total({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {label}
        </Text>
        <Text fz={{ base: 20, sm: 26 }} fw={700} lh={1.1}>
          {value}
        </Text>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Totals({ results }: { results: PhishingResults }) {
  const { t } = useTranslation();
  const na = t('phishing.notAvailable');
  const { totals } = results;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <Total
        label={t('phishing.results.phishProne')}
        value={formatPercent(totals.phishPronePercent, na)}
        note={t('phishing.results.phishProneNote', { count: totals.recipients })}
        testId="total-phish-prone"
      />
      <Total
        label={t('phishing.results.clicks')}
        value={<span data-testid="total-clicks">{totals.clicked}</span>}
        note={t('phishing.results.clicksNote', { rate: formatPercent(totals.clickRate, na) })}
      />
      <Total
        label={t('phishing.results.scanner')}
        value={
          <Group gap={8} component="span">
            <IconRadar size={22} aria-hidden />
            <span data-testid="total-scanner">{totals.scannerEvents}</span>
          </Group>
        }
        note={t('phishing.results.scannerNote', { count: totals.scannedOnly })}
      />
      <Total
        label={t('phishing.results.reported')}
        value={<span data-testid="total-reported">{totals.reported}</span>}
        note={t('phishing.results.reportedNote', { rate: formatPercent(totals.reportRate, na) })}
      />
      <Total
        label={t('phishing.results.submitted')}
        value={totals.submitted}
        note={t('phishing.results.submittedNote', { rate: formatPercent(totals.submitRate, na) })}
      />
      <Total
        label={t('phishing.results.opened')}
        value={
          <Group gap={8} component="span">
            {totals.opened}
            <Badge size="sm" color="gray" variant="light" tt="none">
              {t('phishing.results.unreliable')}
            </Badge>
          </Group>
        }
        note={t('phishing.results.openedNote')}
      />
      <Total
        label={t('phishing.results.firstReport')}
        value={<Duration seconds={results.timeToFirstReportSeconds} />}
        note={t('phishing.results.firstReportNote')}
        testId="time-to-first-report"
      />
      <Total
        label={t('phishing.results.medianReport')}
        value={<Duration seconds={results.medianTimeToReportSeconds} />}
        note={t('phishing.results.delivered', { sent: totals.sent, delivered: totals.delivered })}
      />
    </SimpleGrid>
  );
}

function OverTime({ results }: { results: PhishingResults }) {
  const { t, i18n } = useTranslation();
  const data = chartDays(results.overTime, (date) => formatShortDate(date, i18n.language));
  return (
    <Card withBorder data-testid="over-time">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('phishing.results.overTime')}
        </Title>
        {data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('phishing.results.nothingYet')}
          </Text>
        ) : (
          <LineChart
            h={260}
            data={data}
            dataKey="day"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            curveType="monotone"
            series={[
              { name: 'sent', label: t('phishing.series.sent'), color: 'gray.6' },
              { name: 'clicked', label: t('phishing.series.clicked'), color: 'red.7' },
              { name: 'submitted', label: t('phishing.series.submitted'), color: 'orange.7' },
              { name: 'reported', label: t('phishing.series.reported'), color: 'teal.7' },
              {
                name: 'scanner',
                label: t('phishing.series.scanner'),
                color: 'indigo.5',
                strokeDasharray: '4 4',
              },
            ]}
          />
        )}
      </Stack>
    </Card>
  );
}

function BreakdownTable({ results }: { results: PhishingResults }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<Breakdown>('byList');
  const na = t('phishing.notAvailable');
  const pct = (value: number | null) => formatPercent(value, na);
  const label = (row: PhishingBreakdownRow) =>
    by === 'byDifficulty' ? t(`phishing.difficulty.${row.key}`, { defaultValue: row.label }) : row.label;
  return (
    <Card withBorder data-testid="breakdown">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="md">
            {t('phishing.results.rates')}
          </Title>
          <SegmentedControl
            aria-label={t('phishing.results.rates')}
            value={by}
            onChange={(value) => setBy(value as Breakdown)}
            data={BREAKDOWNS.map((value) => ({ value, label: t(`phishing.results.${value}`) }))}
            size="xs"
          />
        </Group>
        <QueryTable
          rows={results[by]}
          rowKey={(row) => row.key}
          minWidth={680}
          fz="sm"
          empty={t('phishing.results.nothingYet')}
          testId={`breakdown-${by}`}
          columns={[
            { key: 'label', header: t(`phishing.results.column.${by}`), cell: label, td: { fw: 600 } },
            {
              key: 'recipients',
              header: t('phishing.results.column.recipients'),
              align: 'right',
              cell: (r) => r.recipients,
            },
            {
              key: 'clickRate',
              header: t('phishing.results.column.clickRate'),
              align: 'right',
              cell: (r) => pct(r.clickRate),
            },
            {
              key: 'submitRate',
              header: t('phishing.results.column.submitRate'),
              align: 'right',
              cell: (r) => pct(r.submitRate),
            },
            {
              key: 'reportRate',
              header: t('phishing.results.column.reportRate'),
              align: 'right',
              cell: (r) => pct(r.reportRate),
            },
            {
              key: 'prone',
              header: t('phishing.results.column.phishProne'),
              align: 'right',
              cell: (r) => pct(r.phishPronePercent),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}

function RepeatClickers({ results }: { results: PhishingResults }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="repeat-clickers">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('phishing.results.repeat')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('phishing.results.repeatNote')}
        </Text>
        {results.anonymousTracking ? (
          <Alert color="gray" variant="light" icon={<IconEyeOff />}>
            {t('phishing.messages.anonymous')}
          </Alert>
        ) : (
          <QueryTable
            rows={results.repeatClickers}
            rowKey={(row) => row.employeeId}
            minWidth={480}
            fz="sm"
            empty={t('phishing.results.noRepeat')}
            columns={[
              {
                key: 'name',
                header: t('phishing.employees.name'),
                cell: (r) => r.name || '—',
                td: { fw: 600 },
              },
              { key: 'email', header: t('phishing.employees.email'), cell: (r) => r.email },
              {
                key: 'clicks',
                header: t('phishing.results.column.clicks'),
                align: 'right',
                cell: (r) => r.clicks,
              },
            ]}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The results: both counts (clicks by people, scanner activity apart), rates, time, repeat clickers. */
export function ResultsTab({ companyId, id }: { companyId: string; id: string }) {
  const { t } = useTranslation();
  const results = usePhishingResults(companyId, id);
  if (results.isError) return <LoadError error={results.error} onRetry={() => void results.refetch()} />;
  if (!results.data) return <Skeleton h={420} radius="md" />;
  return (
    <Stack gap="lg" data-testid="phishing-results">
      <Totals results={results.data} />
      <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
        {t('phishing.results.scannerExplained')}
      </Alert>
      <OverTime results={results.data} />
      <BreakdownTable results={results.data} />
      <RepeatClickers results={results.data} />
    </Stack>
  );
}
