import { Anchor, Card, EmptyState, Group, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';

interface DashboardPanelProps {
  title: string;
  /** Where "View all" leads; no link when not given. */
  viewAll?: string;
  /** Beside the title, before "View all". */
  aside?: ReactNode;
  error?: unknown;
  onRetry?: () => void;
  children: ReactNode;
  testId?: string;
  /** Tables run to the card's edges; other content keeps the padding. */
  flush?: boolean;
}

/** One of the dashboard's panels: a titled card with "View all", or the load error and a retry. */
export function DashboardPanel({
  title,
  viewAll,
  aside,
  error,
  onRetry,
  children,
  testId,
  flush,
}: DashboardPanelProps) {
  const { t } = useTranslation();
  return (
    <Card padding={0} data-testid={testId}>
      <Group justify="space-between" px="lg" pt="lg" pb={flush ? 'sm' : 0} gap="sm" wrap="nowrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Group gap="md" wrap="nowrap">
          {aside}
          {viewAll && (
            <Anchor component={Link} to={viewAll} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {t('dashboard.viewAll')}
            </Anchor>
          )}
        </Group>
      </Group>
      {error ? (
        <Stack p="lg">
          <LoadError error={error} onRetry={onRetry ?? (() => undefined)} />
        </Stack>
      ) : flush ? (
        children
      ) : (
        <Stack p="lg" gap="md">
          {children}
        </Stack>
      )}
    </Card>
  );
}

/** A panel whose content is not rendered yet: its title and a block about the content's size. */
export function PendingPanel({ title, height, testId }: { title: string; height: number; testId?: string }) {
  return (
    <DashboardPanel title={title} testId={testId}>
      <Skeleton h={height} radius="md" />
    </DashboardPanel>
  );
}

interface PanelEmptyProps {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}

/** What a panel shows when it has nothing yet: what would be here and, for admins, how to start. */
export function PanelEmpty({ icon, title, description, action }: PanelEmptyProps) {
  return (
    <EmptyState variant="light" size="sm" icon={icon} title={title} description={description} py="xl" px="lg">
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
