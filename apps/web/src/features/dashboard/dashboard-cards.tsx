import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconLock, IconSchool, type Icon } from '@tabler/icons-react';
import type { CompanyStatistics } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextSkeleton } from '../../components/text-skeleton.tsx';
import { DASHBOARD_PATHS } from './dashboard-paths.ts';
import type { SectionMode } from './dashboard-sections.ts';

type Area = 'trainings' | 'assessments';

const AREA: Record<Area, { icon: Icon; to: string; color: string }> = {
  trainings: { icon: IconSchool, to: DASHBOARD_PATHS.trainings, color: 'brand' },
  assessments: { icon: IconChecklist, to: DASHBOARD_PATHS.assessments, color: 'indigo' },
};

const FIGURE = { fz: 32, fw: 700, lh: 1.1 } as const;

/** A figure of a card; its lines are skeletons while the statistics load, with the figure's height. */
function StateFigure({
  label,
  figure,
}: {
  label: string;
  figure: { value: number; users: number } | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      {figure ? (
        <>
          <Text {...FIGURE}>{figure.value}</Text>
          <Text size="sm" c="dimmed">
            {t('dashboard.cards.users', { count: figure.users })}
          </Text>
        </>
      ) : (
        <>
          <TextSkeleton {...FIGURE} h={30} w={48} />
          <TextSkeleton size="sm" h={12} w={100} />
        </>
      )}
    </Stack>
  );
}

interface AreaCardProps {
  area: Area;
  mode: SectionMode;
  counts: CompanyStatistics['trainings'] | undefined;
}

/** One area's card: its active and completed counts with the employees they reach (spec 1 §2). */
function AreaCard({ area, mode, counts }: AreaCardProps) {
  const { t } = useTranslation();
  const { icon: AreaIcon, to, color } = AREA[area];
  return (
    <Card padding="lg" data-testid={`dashboard-card-${area}`}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={mode === 'locked' ? 'gray' : color} size={40} radius="md">
            {mode === 'locked' ? <IconLock size={22} /> : <AreaIcon size={22} />}
          </ThemeIcon>
          <Title order={2} fz="lg">
            {t(`dashboard.cards.${area}`)}
          </Title>
        </Group>
        <Anchor component={Link} to={to} size="sm" fw={500}>
          {mode === 'locked' ? t('dashboard.cards.learnMore') : t('dashboard.viewAll')}
        </Anchor>
      </Group>
      {mode === 'locked' ? (
        <Text size="sm" c="dimmed">
          {t(`dashboard.cards.${area}Locked`)}
        </Text>
      ) : (
        <SimpleGrid cols={2} spacing="lg">
          <StateFigure label={t('dashboard.cards.active')} figure={counts?.active} />
          <StateFigure label={t('dashboard.cards.completed')} figure={counts?.completed} />
        </SimpleGrid>
      )}
    </Card>
  );
}

interface DashboardCardsProps {
  sections: { trainings: SectionMode; assessments: SectionMode };
  statistics: CompanyStatistics | undefined;
}

/** The training and the assessment card, side by side from a tablet up. */
export function DashboardCards({ sections, statistics }: DashboardCardsProps) {
  const areas = (['trainings', 'assessments'] as const).filter((area) => sections[area] !== 'hidden');
  if (areas.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: areas.length }} spacing="lg">
      {areas.map((area) => (
        <AreaCard key={area} area={area} mode={sections[area]} counts={statistics?.[area]} />
      ))}
    </SimpleGrid>
  );
}
