import { Button, Card, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StartedCardProps {
  /** The test id of the card ('training-started', 'assessment-started'). */
  testId: string;
  /** "… has started" or "… was updated", in the kind's words. */
  title: string;
  listPath: string;
  toListLabel: string;
  overviewPath: string;
  toOverviewLabel: string;
  /** What happens next, by the kind's schedule rules. */
  children: ReactNode;
}

/** A wizard's last step: the campaign has started (or was updated), what happens next, and the ways on. */
export function StartedCard({
  testId,
  title,
  listPath,
  toListLabel,
  overviewPath,
  toOverviewLabel,
  children,
}: StartedCardProps) {
  return (
    <Card py={48} data-testid={testId}>
      <Stack align="center" gap="md" ta="center" maw={620} mx="auto">
        <ThemeIcon size={72} radius={72} variant="light" color="green" aria-hidden>
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {children}
        <Group justify="center" gap="sm" mt="sm">
          <Button variant="default" component={Link} to={listPath}>
            {toListLabel}
          </Button>
          <Button component={Link} to={overviewPath} rightSection={<IconArrowRight size={16} />}>
            {toOverviewLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
