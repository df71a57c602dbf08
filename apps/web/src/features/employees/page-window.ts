/**
 * The page buttons a pager shows: up to `size` consecutive pages with the current one in the middle
 * where it can be, so there are always `size` buttons once there are that many pages.
 */
export function pageWindow(page: number, totalPages: number, size: number): number[] {
  const count = Math.max(Math.min(size, totalPages), 0);
  const first = Math.max(Math.min(page - Math.floor(size / 2), totalPages - count + 1), 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** How many pages `total` rows fill, one page at least. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(Math.ceil(total / pageSize), 1);
}
