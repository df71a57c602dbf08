import { Card, EmptyState, Group } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';

interface PlanLockedProps {
  /** The page's title (the area's name). */
  pageTitle: string;
  title: string;
  description: string;
  /** The ways forward: upgrade, contact, try a demo. */
  actions: ReactNode;
  testId: string;
}

/** An area outside the company's plan: what is missing and the ways to get it (spec 2 §2). */
export function PlanLocked({ pageTitle, title, description, actions, testId }: PlanLockedProps) {
  return (
    <>
      <PageHeader title={pageTitle} />
      <Card py={64} data-testid={testId}>
        <EmptyState variant="light" size="lg" icon={<IconLock />} title={title} description={description}>
          <EmptyState.Actions>
            <Group justify="center" gap="sm">
              {actions}
            </Group>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    </>
  );
}
