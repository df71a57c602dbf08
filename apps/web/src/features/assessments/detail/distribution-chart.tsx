import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import type { DistributionBin } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { bandCssColor, bandTitle } from '../../../lib/score-bands.ts';
import { useScoreBands } from '../../../lib/session/index.ts';
import { bandLegend, DISTRIBUTION_TICKS, distributionBars } from './report-rules.ts';

/** The legend of the bands (the spec's five or the company's ranges), lowest first. */
function BandLegend() {
  const { t } = useTranslation();
  const { legend } = useScoreBands();
  return (
    <Group gap="md" justify="center" data-testid="band-legend">
      {bandLegend(legend).map(({ band, range }) => (
        <Group key={band.title} gap={6} wrap="nowrap">
          <ColorSwatch color={bandCssColor(band.color)} size={12} withShadow={false} />
          <Text size="xs">
            {bandTitle(t, band)}{' '}
            <Text span c="dimmed" size="xs">
              ({range})
            </Text>
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * Spec 2 §2 score distribution: one bar per band in the band's colour, the share of finished employees
 * on a y axis stepped by 25 %.
 */
export function DistributionChart({
  bins,
  finished,
}: {
  bins: readonly DistributionBin[];
  finished: number;
}) {
  const { t } = useTranslation();
  const data = distributionBars(bins, (bin) => bandTitle(t, bin));
  return (
    <Card h="100%" data-testid="score-distribution">
      <Stack gap="md" h="100%">
        <div>
          <Title order={2} fz="md">
            {t('assessmentReports.distribution.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {finished > 0
              ? t('assessmentReports.distribution.caption', { count: finished })
              : t('assessmentReports.distribution.empty')}
          </Text>
        </div>
        <BarChart
          h={220}
          data={data}
          dataKey="band"
          series={[{ name: 'employeePercent', label: t('assessmentReports.distribution.share') }]}
          yAxisProps={{ domain: [0, 100], ticks: [...DISTRIBUTION_TICKS], allowDecimals: false }}
          gridAxis="y"
          maxBarWidth={56}
          withBarValueLabel={finished > 0}
          valueFormatter={(value) => `${value}%`}
          tooltipProps={{
            content: ({ payload }) => {
              const bar = payload?.[0]?.payload as (typeof data)[number] | undefined;
              if (!bar) return null;
              return (
                <Card p="xs" shadow="md" withBorder radius="md">
                  <Text size="sm" fw={600}>
                    {bar.band} ({bar.range})
                  </Text>
                  <Text size="sm">
                    {t('assessmentReports.distribution.tooltip', {
                      count: bar.employees,
                      percent: bar.employeePercent,
                    })}
                  </Text>
                </Card>
              );
            },
          }}
        />
        <BandLegend />
      </Stack>
    </Card>
  );
}
