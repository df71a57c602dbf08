import { Anchor, Group, SimpleGrid, Stack, Title, type SimpleGridProps } from '@mantine/core';
import { IconArrowLeft, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface DetailHeaderFrameProps {
  backTo: string;
  backLabel: string;
  /** The menu of other campaigns, across from the back link. */
  switcher: ReactNode;
  name: string;
  /** The status and kind beside the name. */
  badges: ReactNode;
  /** The buttons across from the name. */
  actions: ReactNode;
  /** The figures (fact tiles) under the name. */
  figures: ReactNode;
  figureCols: SimpleGridProps['cols'];
  figuresTestId?: string;
}

/** A campaign detail's header (spec 2 §2 Detail page): back link, other campaigns, name, actions, figures. */
export function DetailHeaderFrame({
  backTo,
  backLabel,
  switcher,
  name,
  badges,
  actions,
  figures,
  figureCols,
  figuresTestId,
}: DetailHeaderFrameProps) {
  return (
    <Stack gap="md" mb="lg">
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={backTo} size="sm">
          <Group gap={6}>
            <IconArrowLeft size={16} />
            {backLabel}
          </Group>
        </Anchor>
        {switcher}
      </Group>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" align="center" miw={0} style={{ flex: '1 1 360px' }}>
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {badges}
        </Group>
        <Group gap="xs">{actions}</Group>
      </Group>
      <SimpleGrid cols={figureCols} spacing="sm" data-testid={figuresTestId}>
        {figures}
      </SimpleGrid>
    </Stack>
  );
}

/** A count with its icon, as a figure's value. */
export function IconCount({ icon: CountIcon, value }: { icon: Icon; value: number }) {
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <CountIcon size={16} />
      <span>{value}</span>
    </Group>
  );
}
