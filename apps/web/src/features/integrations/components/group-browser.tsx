import { Button, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { DIRECTORY_LIMITS, DIRECTORY_MESSAGES, type DirectoryProduct } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useDirectoryGroups } from '../api/integrations.ts';

/**
 * A directory's groups a page at a time (spec 3 §9: searched 300 ms after the last key). The directory
 * pages by token (Graph's skip token, Google's page token), so going back uses the token of each page
 * seen so far.
 */
export function useGroupPages(companyId: string, product: DirectoryProduct) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const page = pages.length - 1;
  const groups = useDirectoryGroups(companyId, product, filter, pages[page], true);
  const applySearch = useDebouncedCallback((value: string) => {
    setFilter(value.trim());
    setPages([undefined]);
  }, DIRECTORY_LIMITS.searchDebounceMs);
  const next = groups.data?.skip ?? null;
  return {
    groups,
    search,
    onSearch: (value: string) => {
      setSearch(value);
      applySearch(value);
    },
    page,
    previous: page > 0 ? () => setPages((p) => p.slice(0, -1)) : null,
    next: next && !groups.isPlaceholderData ? () => setPages((p) => [...p, next]) : null,
  };
}

type GroupPages = ReturnType<typeof useGroupPages>;

export function GroupSearch({ pages }: { pages: GroupPages }) {
  const { t } = useTranslation();
  return (
    <TextInput
      aria-label={t('integrations.groups.search')}
      placeholder={t('integrations.groups.search')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={pages.search}
      onChange={(event) => pages.onSearch(event.currentTarget.value)}
      w={{ base: '100%', xs: 320 }}
      data-testid="group-search"
    />
  );
}

/** Previous and next, with the page number when `numbered`. */
export function GroupPager({ pages, numbered = false }: { pages: GroupPages; numbered?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify={numbered ? 'space-between' : 'flex-end'} gap="xs">
      {numbered && (
        <Text size="sm" c="dimmed">
          {t('integrations.groups.page', { page: pages.page + 1 })}
        </Text>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!pages.previous}
          onClick={() => pages.previous?.()}
        >
          {t('integrations.groups.previous')}
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={!pages.next}
          onClick={() => pages.next?.()}
          data-testid="groups-next"
        >
          {t('integrations.groups.next')}
        </Button>
      </Group>
    </Group>
  );
}

/** Spec 3 §8: 'Are you sure you want to remove this group from sync?' before a group leaves the sync. */
export function useConfirmGroupRemoval() {
  const { t } = useTranslation();
  return (onConfirm: () => void) =>
    openConfirmDialog({
      title: t('integrations.groups.removeTitle'),
      message: translateMessage(t, DIRECTORY_MESSAGES.confirmRemoveGroup),
      confirmLabel: t('actions.confirm'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm,
    });
}
