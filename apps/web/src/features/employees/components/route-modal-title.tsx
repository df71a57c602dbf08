import { Text } from '@mantine/core';

/** A modal's title with the list it acts on beneath; spans, as the modal puts its title in a heading. */
export function RouteModalTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <Text component="span" display="block" fw={700} size="lg">
        {title}
      </Text>
      {subtitle && (
        <Text component="span" display="block" size="sm" c="dimmed">
          {subtitle}
        </Text>
      )}
    </>
  );
}
