import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronRight,
  IconListDetails,
  IconTarget,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { RiskInsight } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import classes from './report-table.module.css';
import { ScoreValue } from './score-value.tsx';

const ICONS = {
  KEY_BEHAVIOUR: IconTarget,
  THREAT_AREA: IconAlertTriangle,
  EMPLOYEE_LIST: IconUsersGroup,
  QUESTIONS: IconListDetails,
} as const;

export interface InsightActions {
  /** An area, behaviour or question insight opens its threat area. */
  onOpenArea: (areaId: string) => void;
  /** A list insight opens the list's employees at risk. */
  onOpenList: (listId: string) => void;
}

function insightTarget(insight: RiskInsight, actions: InsightActions): (() => void) | null {
  const { context, type } = insight;
  if (type === 'EMPLOYEE_LIST') return context.listId ? () => actions.onOpenList(context.listId!) : null;
  const area = type === 'THREAT_AREA' ? (context.id ?? context.threatArea) : context.threatArea;
  return area ? () => actions.onOpenArea(area) : null;
}

/** Spec 2 §2 risk insights: the weakest behaviour, area, list and question, in the server's order. */
export function RiskInsights({
  insights,
  ...actions
}: { insights: readonly RiskInsight[] } & InsightActions) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="risk-insights">
      <Title order={2} fz="lg">
        {t('assessmentReports.insights.title')}
      </Title>
      {insights.length === 0 ? (
        <Card>
          <Text size="sm" c="dimmed">
            {t('assessmentReports.insights.empty')}
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {insights.map((insight) => {
            const Icon = ICONS[insight.type];
            const open = insightTarget(insight, actions);
            const { context } = insight;
            return (
              <UnstyledButton
                key={`${insight.type}-${context.id ?? context.name}`}
                onClick={open ?? undefined}
                disabled={!open}
                data-testid={`insight-${insight.type}`}
                className={classes.insight}
              >
                <Card p="md" h="100%">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="xs" wrap="nowrap">
                        <ThemeIcon variant="light" color="orange" size="md" radius="md">
                          <Icon size={16} />
                        </ThemeIcon>
                        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
                          {t(`assessmentReports.insights.types.${insight.type}`)}
                        </Text>
                      </Group>
                      {open && <IconChevronRight size={16} color="var(--mantine-color-dimmed)" />}
                    </Group>
                    <Text fw={600} lineClamp={2} title={context.name}>
                      {context.name}
                    </Text>
                    <Group gap="xs" justify="space-between">
                      <ScoreValue score={context.averageScore} />
                      {context.employeesPercentage !== null && (
                        <Text size="xs" c="dimmed">
                          {t('assessmentReports.insights.atRisk', { percent: context.employeesPercentage })}
                        </Text>
                      )}
                    </Group>
                  </Stack>
                </Card>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
