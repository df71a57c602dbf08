import { categorySlug, SUBJECT_TYPES, type SubjectSummary } from '@vigil/shared';

export interface CatalogCategory {
  id: string;
  name: string;
  subjects: SubjectSummary[];
}

export interface CatalogFilter {
  /** The :category segment of the address, if any. */
  slug?: string | undefined;
  /** The search box's text. */
  search?: string | undefined;
}

export interface CatalogView {
  /** The categories to show, each with the subjects that pass the filter; empty ones left out. */
  groups: CatalogCategory[];
  /** The chosen category, when the address names one that exists. */
  category: CatalogCategory | undefined;
  /** The address names a category that does not exist ('No match'). */
  unknownCategory: boolean;
}

/** Lower-case and without accents, so that "resume" finds "Résumé". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** Whether every word of the search occurs in the subject's title or description. */
export function matchesSearch(
  subject: Pick<SubjectSummary, 'title' | 'description'>,
  search: string,
): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${subject.title} ${subject.description}`);
  return words.every((word) => haystack.includes(word));
}

export function findCategory(categories: CatalogCategory[], slug: string): CatalogCategory | undefined {
  const wanted = slug.toLocaleLowerCase();
  return categories.find((c) => categorySlug(c.name) === wanted);
}

/** What the catalogue shows for a category segment and a search. */
export function filterCatalog(categories: CatalogCategory[], filter: CatalogFilter): CatalogView {
  const category = filter.slug ? findCategory(categories, filter.slug) : undefined;
  if (filter.slug && !category) return { groups: [], category: undefined, unknownCategory: true };
  const search = filter.search ?? '';
  const groups = (category ? [category] : categories)
    .map((c) => ({ ...c, subjects: c.subjects.filter((s) => matchesSearch(s, search)) }))
    .filter((c) => c.subjects.length > 0);
  return { groups, category, unknownCategory: false };
}

/** The number of subjects in every category together (the sidebar's 'All'). */
export function subjectCount(categories: CatalogCategory[]): number {
  return categories.reduce((sum, c) => sum + c.subjects.length, 0);
}

/** A duration in seconds as mm:ss. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** SCORM quizzes (type 4) have no duration to show (spec 3 §3). */
export function showsDuration(type: number): boolean {
  return type !== SUBJECT_TYPES.scormQuiz;
}
