import { describe, expect, it } from 'vitest';
import {
  filterParams,
  hasFilters,
  hasMore,
  readFilters,
  sectionsShown,
  SECTION_ITEMS,
  visibleItems,
} from './content-filters.ts';

describe('readFilters', () => {
  it('reads the type, category and language of the address', () => {
    expect(readFilters(new URLSearchParams('type=material&category=phishing&language=de'))).toEqual({
      type: 'material',
      category: 'phishing',
      language: 'de',
    });
  });

  it('leaves out unknown types and empty values', () => {
    expect(readFilters(new URLSearchParams('type=videos&category=&language=%20'))).toEqual({});
  });
});

describe('filterParams', () => {
  it('writes only the filters that are set', () => {
    expect(filterParams({ type: 'assessment', language: 'fr' }).toString()).toBe(
      'type=assessment&language=fr',
    );
    expect(filterParams({}).toString()).toBe('');
  });

  it('reads back what it writes', () => {
    const filters = { type: 'training', category: 'safe-browsing', language: 'es' } as const;
    expect(readFilters(filterParams(filters))).toEqual(filters);
  });
});

describe('sections', () => {
  it('shows the three sections, or only the chosen type', () => {
    expect(sectionsShown({})).toEqual(['training', 'assessment', 'material']);
    expect(sectionsShown({ type: 'material' })).toEqual(['material']);
  });

  it('knows when any filter is set (the Clear button)', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ language: 'de' })).toBe(true);
  });

  it("shows eight items until 'See all'", () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    expect(SECTION_ITEMS).toBe(8);
    expect(visibleItems(items, false)).toHaveLength(8);
    expect(visibleItems(items, true)).toHaveLength(11);
    expect(hasMore(items)).toBe(true);
    expect(hasMore(items.slice(0, 8))).toBe(false);
  });
});
