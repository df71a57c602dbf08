import { Loader, Text } from '@mantine/core';
import { IconShieldCheckFilled } from '@tabler/icons-react';
import classes from './full-screen-loader.module.css';

interface FullScreenLoaderProps {
  /** Says what is happening; read out by screen readers. */
  label: string;
}

export function FullScreenLoader({ label }: FullScreenLoaderProps) {
  return (
    <div className={classes.root} role="status" aria-live="polite">
      <IconShieldCheckFilled size={64} className={classes.shield} aria-hidden />
      <Loader type="dots" size="md" aria-hidden />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </div>
  );
}
