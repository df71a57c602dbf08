import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { formatPercent } from '../../campaigns/index.ts';
import { usePhishingSummary } from '../api/phishing-api.ts';
import { PHISHING_PATHS } from '../phishing-paths.ts';

function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fz={24} fw={700} lh={1.1} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The dashboard's phishing panel: phish-prone and report rates of the last 12 months, month by month. */
export function PhishingDashboardPanel({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const summary = usePhishingSummary(companyId);
  const na = t('phishing.notAvailable');
  const months = summary.data?.months ?? [];
  return (
    <Card data-testid="dashboard-phishing">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Title order={2} fz="lg">
            {t('phishing.dashboard.title')}
          </Title>
          <Anchor component={Link} to={PHISHING_PATHS.list} size="sm" fw={500}>
            {t('dashboard.viewAll')}
          </Anchor>
        </Group>
        {summary.isError ? (
          <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
        ) : !summary.data ? (
          <Skeleton h={96} />
        ) : summary.data.simulations === 0 ? (
          <Text size="sm" c="dimmed">
            {t('phishing.dashboard.none')}
          </Text>
        ) : (
          <>
            <SimpleGrid cols={3} spacing="sm">
              <Figure
                label={t('phishing.figures.phishProne')}
                value={formatPercent(summary.data.phishPronePercent, na)}
                testId="dashboard-phish-prone"
              />
              <Figure
                label={t('phishing.results.reported')}
                value={formatPercent(summary.data.reportRate, na)}
              />
              <Figure label={t('phishing.dashboard.simulations')} value={summary.data.simulations} />
            </SimpleGrid>
            {months.length > 1 && (
              <Text size="xs" c="dimmed" data-testid="dashboard-phishing-months">
                {t('phishing.dashboard.trend', { from: months[0]!.month, to: months.at(-1)!.month })}:{' '}
                {months
                  .slice(-6)
                  .map((m) => `${m.month} ${formatPercent(m.phishPronePercent, na)}`)
                  .join(' · ')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
