/** The content browser's three kinds of content (spec 3 §2.3), in the order of their sections. */
export const CONTENT_TYPES = ['training', 'assessment', 'material'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Spec 3 §9: each section shows this many items until 'See all'. */
export const SECTION_ITEMS = 8;

export interface ContentFilters {
  type?: ContentType;
  /** A category id. */
  category?: string;
  /** A content language code. */
  language?: string;
}

const isContentType = (value: string | null): value is ContentType =>
  (CONTENT_TYPES as readonly (string | null)[]).includes(value);

/** The filters in the address (?type=&category=&language=); anything unknown is left out. */
export function readFilters(params: URLSearchParams): ContentFilters {
  const type = params.get('type');
  const category = params.get('category')?.trim();
  const language = params.get('language')?.trim();
  return {
    ...(isContentType(type) && { type }),
    ...(category && { category }),
    ...(language && { language }),
  };
}

/** The address's query for the filters, without the empty ones. */
export function filterParams(filters: ContentFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['type', 'category', 'language'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function hasFilters(filters: ContentFilters): boolean {
  return Boolean(filters.type || filters.category || filters.language);
}

/** The sections shown: all three, or the one the Type filter names. */
export function sectionsShown(filters: ContentFilters): ContentType[] {
  return filters.type ? [filters.type] : [...CONTENT_TYPES];
}

/** A section's items: the first eight, or every one after 'See all'. */
export function visibleItems<T>(items: T[], expanded: boolean): T[] {
  return expanded ? items : items.slice(0, SECTION_ITEMS);
}

/** Whether a section has more than it shows, so that 'See all' is offered. */
export function hasMore(items: unknown[]): boolean {
  return items.length > SECTION_ITEMS;
}
