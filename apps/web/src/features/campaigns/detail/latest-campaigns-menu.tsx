import { Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconSwitchHorizontal } from '@tabler/icons-react';
import { truncate } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Names are cut like the lists' so the menu stays narrow. */
const NAME_IN_MENU = 30;

interface LatestCampaignsMenuProps<T extends { id: string; name: string }> {
  /** The latest campaigns, once loaded; the one shown is left out. */
  latest: { data: T[] | undefined; isPending: boolean; isSuccess: boolean };
  currentId: string;
  limit: number;
  buttonLabel: string;
  title: string;
  to: (campaign: T) => string;
  badge: (campaign: T) => ReactNode;
  width: number;
  testId?: string;
}

/** The latest other campaigns of the same kind, to jump to one (spec 2 §2 Detail page). */
export function LatestCampaignsMenu<T extends { id: string; name: string }>({
  latest,
  currentId,
  limit,
  buttonLabel,
  title,
  to,
  badge,
  width,
  testId,
}: LatestCampaignsMenuProps<T>) {
  const others = (latest.data ?? []).filter((campaign) => campaign.id !== currentId).slice(0, limit);
  return (
    <Menu position="bottom-end" shadow="md" width={width} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconSwitchHorizontal size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={latest.isPending}
          disabled={latest.isSuccess && others.length === 0}
        >
          {buttonLabel}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={testId}>
        <Menu.Label>{title}</Menu.Label>
        {others.map((campaign) => (
          <Menu.Item key={campaign.id} component={Link} to={to(campaign)}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" title={campaign.name}>
                {truncate(campaign.name, NAME_IN_MENU)}
              </Text>
              {badge(campaign)}
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
