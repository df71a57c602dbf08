import { Stack, Text } from '@mantine/core';
import { isUntitledName } from '@vigil/shared';

/**
 * The name on a wizard's Summary; an untitled campaign says there that it needs a name, which Create
 * then asks for (spec 2 §5).
 */
export function SummaryName({ name, needsName }: { name: string; needsName: string }) {
  if (!isUntitledName(name)) return name;
  // red.9: orange.8 on white is 3.6:1, under the 4.5:1 small text needs (axe color-contrast).
  return (
    <Stack gap={2}>
      <Text span size="sm" c="dimmed">
        {name}
      </Text>
      <Text span size="xs" c="red.9">
        {needsName}
      </Text>
    </Stack>
  );
}
