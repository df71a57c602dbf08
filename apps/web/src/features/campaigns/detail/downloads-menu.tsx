import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface DownloadsMenuProps {
  /** The button's text ("Download"). */
  label: string;
  /** The label over the files. */
  filesLabel: string;
  width: number;
  testId?: string;
  /** The files (Menu items), then anything under them. */
  children: ReactNode;
}

/** A campaign's downloads (spec 2 §2, §7): a button that opens its files as plain links. */
export function DownloadsMenu({ label, filesLabel, width, testId, children }: DownloadsMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={width} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={testId}>
        <Menu.Label>{filesLabel}</Menu.Label>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}
