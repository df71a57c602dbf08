import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value on a list's card (a table row on a phone). */
export function CardFact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}
