import { categorySlug } from '@vigil/shared';
import { PATHS } from '../../lib/paths.ts';

/** The subject catalogue's routes (spec 3 §2.2), with the trailing slash every path gets. */
export const CATALOG_PATHS = {
  catalog: PATHS.catalog,
  /** A category's filter: its name lower-cased, spaces replaced by underscores. */
  category: (name: string) => `${PATHS.catalog}${encodeURIComponent(categorySlug(name))}/`,
  subject: (subjectId: string) => `${PATHS.catalog}subject/${encodeURIComponent(subjectId)}/`,
} as const;
