import { Skeleton } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

// The chart library is large: it loads with the first chart, not with the assessment area.
const Chart = lazy(() => import('./distribution-chart.tsx').then((m) => ({ default: m.DistributionChart })));

/** The score-distribution chart, with a placeholder of its size while its code loads. */
export function DistributionChart(props: ComponentProps<typeof Chart>) {
  return (
    <Suspense fallback={<Skeleton h={340} radius="lg" />}>
      <Chart {...props} />
    </Suspense>
  );
}
