import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StepSectionProps {
  title: string;
  description?: ReactNode;
  /** Shown at the right of the title on wide screens, below it on phones. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A step's heading, its short explanation, and its content. */
export function StepSection({ title, description, actions, children }: StepSectionProps) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between" gap="sm">
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
            {title}
          </Title>
          {actions}
        </Group>
        {description && (
          <Text c="dimmed" size="sm" maw={760}>
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}
