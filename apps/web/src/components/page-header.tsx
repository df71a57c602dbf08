import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBrandedTitle } from '../lib/session/index.ts';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown at the right of the title. */
  actions?: ReactNode;
}

/** A page's title (also the browser tab's) with an optional description and actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useBrandedTitle(`${title}`);
  return (
    <Group justify="space-between" align="flex-end" mb="xl" gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm" maw={720}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
