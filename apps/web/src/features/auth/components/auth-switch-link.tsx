import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The line under a sign-in or sign-up form that leads to the other one. */
export function AuthSwitchLink({ prompt, label, to }: { prompt: string; label: string; to: string }) {
  return (
    <Text ta="center" size="sm" c="dimmed" mt="xl">
      {prompt}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
    </Text>
  );
}
