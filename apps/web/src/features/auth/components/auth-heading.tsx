import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBrandedTitle } from '../../../lib/session/index.ts';

interface AuthHeadingProps {
  icon?: ReactNode;
  color?: string;
  title: string;
  subtitle?: ReactNode;
}

/** The title block above a public page's form. */
export function AuthHeading({ icon, color, title, subtitle }: AuthHeadingProps) {
  useBrandedTitle(`${title}`);
  return (
    <Stack gap="xs" mb="xl">
      {icon && (
        <ThemeIcon size={52} radius="xl" variant="light" color={color} mb="xs">
          {icon}
        </ThemeIcon>
      )}
      <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2}>
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
    </Stack>
  );
}
