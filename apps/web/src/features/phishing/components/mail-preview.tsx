import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface MailPreviewProps {
  /** The frame's accessible name. */
  title: string;
  /** The mail's head: sender and subject as the employee would see them. */
  from?: ReactNode;
  subject?: ReactNode;
  html: string;
  height?: number | string;
  testId?: string;
}

/**
 * A simulated mail as the employee would see it, in a frame where nothing runs: no scripts, no forms,
 * links open nowhere (the HTML may be a manager's own, still never trusted).
 */
export function MailPreview({ title, from, subject, html, height = 480, testId }: MailPreviewProps) {
  return (
    <Stack gap="xs" data-testid={testId}>
      {(from || subject) && (
        <Stack gap={2}>
          {from && (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {from}
              </Text>
            </Group>
          )}
          {subject && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {subject}
            </Text>
          )}
        </Stack>
      )}
      <Box
        component="iframe"
        title={title}
        srcDoc={html}
        sandbox=""
        w="100%"
        h={height}
        bd="1px solid var(--mantine-color-default-border)"
        style={{ borderRadius: 'var(--mantine-radius-md)', background: 'white' }}
      />
    </Stack>
  );
}
