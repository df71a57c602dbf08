import { ActionIcon, Badge, Button, Group, Select, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 2 §9: the search waits 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

export interface ListToolbarState<S extends string> {
  q: string;
  sort: S;
  d: 'asc' | 'desc';
}

interface ListToolbarProps<S extends string> {
  state: ListToolbarState<S>;
  sorts: readonly S[];
  sortLabel: (sort: S) => string;
  searchPlaceholder: string;
  filterCount: number;
  onChange: (change: Partial<ListToolbarState<S>>) => void;
  onOpenFilters: () => void;
  onClearFilters: () => void;
}

/** A campaign list's search, the filter modal's button and the sort with its direction. */
export function ListToolbar<S extends string>({
  state,
  sorts,
  sortLabel,
  searchPlaceholder,
  filterCount,
  onChange,
  onOpenFilters,
  onClearFilters,
}: ListToolbarProps<S>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(state.q);
  const [appliedQ, setAppliedQ] = useState(state.q);
  // Cleared from outside (the empty state's "Clear"): the box empties too.
  if (state.q !== appliedQ) {
    setAppliedQ(state.q);
    if (state.q === '') setSearch('');
  }
  const applySearch = useDebouncedCallback((q: string) => onChange({ q: q.trim() }), SEARCH_DEBOUNCE_MS);
  const ascending = state.d === 'asc';

  return (
    <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
      <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
        <TextInput
          aria-label={t('trainings.list.search')}
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          style={{ flex: '1 1 220px' }}
          maw={360}
        />
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={18} />}
          rightSection={
            filterCount > 0 && (
              <Badge size="sm" circle>
                {filterCount}
              </Badge>
            )
          }
          onClick={onOpenFilters}
        >
          {t('trainings.list.filters')}
        </Button>
        {filterCount > 0 && (
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={onClearFilters}>
            {t('trainings.list.clearFilters')}
          </Button>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Select
          aria-label={t('trainings.list.sortBy')}
          data={sorts.map((sort) => ({ value: sort, label: sortLabel(sort) }))}
          value={state.sort}
          onChange={(value) => {
            const sort = sorts.find((candidate) => candidate === value);
            if (sort) onChange({ sort } as Partial<ListToolbarState<S>>);
          }}
          allowDeselect={false}
          w={170}
        />
        <Tooltip label={t(ascending ? 'trainings.list.ascending' : 'trainings.list.descending')} withArrow>
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={t(ascending ? 'trainings.list.ascending' : 'trainings.list.descending')}
            onClick={() => onChange({ d: ascending ? 'desc' : 'asc' })}
          >
            {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
