import type { PhishingDifficulty, PhishingLure } from '@vigil/shared';

/** What the template filters read of a template (library or the company's own). */
export interface FilterableTemplate {
  name: string;
  lureKind: string;
  difficulty: number;
}

/** The template filters: lure kind and difficulty ('' for any), and a search over the name. */
export interface TemplateFilter {
  q: string;
  lure: PhishingLure | '';
  difficulty: PhishingDifficulty | 0;
}

export const NO_TEMPLATE_FILTER: TemplateFilter = { q: '', lure: '', difficulty: 0 };

/** The templates the filter keeps, in their order; the search ignores case and accents. */
export function filterTemplates<T extends FilterableTemplate>(
  templates: readonly T[],
  filter: TemplateFilter,
): T[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = fold(filter.q.trim());
  return templates.filter(
    (t) =>
      (filter.lure === '' || t.lureKind === filter.lure) &&
      (filter.difficulty === 0 || t.difficulty === filter.difficulty) &&
      (q === '' || fold(t.name).includes(q)),
  );
}

/** How many templates there are of each lure kind (a kind with none is 0). */
export function countByLure<T extends FilterableTemplate>(
  templates: readonly T[],
  lures: readonly PhishingLure[],
): Record<PhishingLure, number> {
  const counts = Object.fromEntries(lures.map((l) => [l, 0])) as Record<PhishingLure, number>;
  for (const t of templates) if (t.lureKind in counts) counts[t.lureKind as PhishingLure] += 1;
  return counts;
}
