import { Button, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface CreateButtonProps {
  to: string;
  icon: ReactNode;
  label: string;
  /** Why the button cannot be used, shown on hover; null when it can. */
  blocked: string | null;
  variant?: string;
}

/** A link-button that starts something ("New training program"), locked with the reason when it may not. */
export function CreateButton({ to, icon, label, blocked, variant }: CreateButtonProps) {
  if (!blocked)
    return (
      <Button component={Link} to={to} leftSection={icon} variant={variant}>
        {label}
      </Button>
    );
  // Not `disabled`: a disabled button gets no pointer events (no tooltip) and Mantine's greyed text
  // fails the contrast check. aria-disabled tells assistive technology; the lock and the tooltip say why.
  return (
    <Tooltip label={blocked} withArrow>
      <Button
        aria-disabled
        leftSection={<IconLock size={18} />}
        variant="default"
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
