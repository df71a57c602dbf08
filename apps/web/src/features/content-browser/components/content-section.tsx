import { Badge, Button, Card, EmptyState, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconMoodEmpty } from '@tabler/icons-react';
import { CATALOG_MESSAGES } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message.ts';
import { hasMore, SECTION_ITEMS, visibleItems } from '../content-filters.ts';

interface ContentSectionProps<T> {
  id: string;
  title: string;
  /** Undefined while loading. */
  items: T[] | undefined;
  emptyTitle: string;
  renderItem: (item: T, index: number) => ReactNode;
  skeleton: ReactNode;
  itemKey: (item: T) => string;
}

const COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 } as const;

/** One of the content browser's sections: eight items, and 'See all' for the rest. */
export function ContentSection<T>({
  id,
  title,
  items,
  emptyTitle,
  renderItem,
  skeleton,
  itemKey,
}: ContentSectionProps<T>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const headingId = `content-section-${id}`;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" data-testid={`section-${id}`}>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {items && (
            <Badge variant="light" color="gray">
              {items.length}
            </Badge>
          )}
        </Group>
        {items && hasMore(items) && (
          <Button
            variant="subtle"
            size="xs"
            rightSection={expanded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            onClick={() => setExpanded(!expanded)}
            aria-expanded={expanded}
            aria-controls={`${headingId}-items`}
          >
            {expanded ? t('contentBrowser.showLess') : t('contentBrowser.seeAll')}
          </Button>
        )}
      </Group>
      {items === undefined ? (
        <SimpleGrid cols={COLUMNS} spacing="lg" aria-busy="true">
          {Array.from({ length: SECTION_ITEMS / 2 }, (_, i) => (
            <div key={i}>{skeleton}</div>
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Card py="xl">
          <EmptyState
            variant="light"
            icon={<IconMoodEmpty />}
            title={emptyTitle}
            description={translateMessage(t, CATALOG_MESSAGES.tryAdjusting)}
          />
        </Card>
      ) : (
        <SimpleGrid cols={COLUMNS} spacing="lg" id={`${headingId}-items`}>
          {visibleItems(items, expanded).map((item, i) => (
            <div key={itemKey(item)}>{renderItem(item, i)}</div>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
