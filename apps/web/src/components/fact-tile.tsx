import { Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled figure of a detail header; clickable when it opens more (the employees behind a count). */
export function Fact({ label, value, onClick }: { label: string; value: ReactNode; onClick?: () => void }) {
  const body = (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" fw={600} c={onClick ? 'var(--mantine-primary-color-filled)' : undefined}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" px="md" py="xs">
      {onClick ? (
        <UnstyledButton onClick={onClick} w="100%">
          {body}
        </UnstyledButton>
      ) : (
        body
      )}
    </Paper>
  );
}
