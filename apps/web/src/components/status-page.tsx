import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrandedTitle } from '../lib/session/index.ts';

interface StatusPageProps {
  icon: ReactNode;
  color?: string;
  /** A short line above the title, such as "404". */
  eyebrow?: string;
  title: string;
  message: string;
  action?: { to: string; label: string };
  testId?: string;
}

/** A whole-page message: not found, access denied, an error. */
export function StatusPage({ icon, color, eyebrow, title, message, action, testId }: StatusPageProps) {
  useBrandedTitle(`${title}`);
  return (
    <Center py={80} px="md" data-testid={testId}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius={72} variant="light" color={color}>
          {icon}
        </ThemeIcon>
        {eyebrow && (
          <Text tt="uppercase" fw={700} c="dimmed" size="xs" lts={1.2}>
            {eyebrow}
          </Text>
        )}
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {action && (
          <Button component={Link} to={action.to} mt="sm">
            {action.label}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
