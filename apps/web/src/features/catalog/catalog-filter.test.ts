import type { SubjectSummary } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { CATALOG_PATHS } from './catalog-paths.ts';
import {
  filterCatalog,
  formatDuration,
  matchesSearch,
  showsDuration,
  subjectCount,
  type CatalogCategory,
} from './catalog-filter.ts';

const subject = (id: string, title: string, description = ''): SubjectSummary => ({
  id,
  subject_id: id,
  title,
  description,
  thumb: null,
  type: 1,
  duration: 120,
  category: '',
  languages: ['en'],
  disabled: false,
  availableForBeta: true,
  questions_count: 0,
});

const categories: CatalogCategory[] = [
  {
    id: 'phishing',
    name: 'Phishing',
    subjects: [subject('a', 'Spot the phish', 'Links and senders'), subject('b', 'Spear phishing')],
  },
  {
    id: 'data',
    name: 'Data handling and privacy',
    subjects: [subject('c', 'Classifying data', 'Résumé of the rules')],
  },
];

describe('filterCatalog', () => {
  it('shows every category with its subjects when nothing is chosen', () => {
    const view = filterCatalog(categories, {});
    expect(view.groups.map((g) => g.subjects.length)).toEqual([2, 1]);
    expect(view.unknownCategory).toBe(false);
  });

  it('matches the category segment by lower-casing and replacing spaces with underscores', () => {
    const view = filterCatalog(categories, { slug: 'data_handling_and_privacy' });
    expect(view.category?.id).toBe('data');
    expect(view.groups.map((g) => g.id)).toEqual(['data']);
    expect(filterCatalog(categories, { slug: 'Phishing' }).category?.id).toBe('phishing');
  });

  it('tells an unknown category apart from an empty result', () => {
    expect(filterCatalog(categories, { slug: 'nothing_here' })).toEqual({
      groups: [],
      category: undefined,
      unknownCategory: true,
    });
    const empty = filterCatalog(categories, { search: 'ransomware' });
    expect(empty.groups).toEqual([]);
    expect(empty.unknownCategory).toBe(false);
  });

  it('searches titles and descriptions within the chosen category', () => {
    expect(filterCatalog(categories, { search: 'senders' }).groups[0]?.subjects.map((s) => s.id)).toEqual([
      'a',
    ]);
    expect(filterCatalog(categories, { slug: 'phishing', search: 'classifying' }).groups).toEqual([]);
  });
});

describe('matchesSearch', () => {
  it('needs every word, in any case and without minding accents', () => {
    expect(matchesSearch(subject('x', 'Spot the phish'), 'PHISH spot')).toBe(true);
    expect(matchesSearch(subject('x', 'Spot the phish'), 'spot ransomware')).toBe(false);
    expect(matchesSearch(subject('x', 'Rules', 'Résumé'), 'resume')).toBe(true);
    expect(matchesSearch(subject('x', 'Anything'), '   ')).toBe(true);
  });
});

describe('subjectCount', () => {
  it("counts every category's subjects for 'All'", () => {
    expect(subjectCount(categories)).toBe(3);
    expect(subjectCount([])).toBe(0);
  });
});

describe('formatDuration', () => {
  it('writes seconds as mm:ss', () => {
    expect(formatDuration(175)).toBe('02:55');
    expect(formatDuration(60)).toBe('01:00');
    expect(formatDuration(5)).toBe('00:05');
    expect(formatDuration(3725)).toBe('62:05');
  });

  it('shows no duration for SCORM quizzes', () => {
    expect(showsDuration(1)).toBe(true);
    expect(showsDuration(3)).toBe(true);
    expect(showsDuration(4)).toBe(false);
  });
});

describe('CATALOG_PATHS', () => {
  it('builds category and subject addresses with their trailing slash', () => {
    expect(CATALOG_PATHS.category('Data handling and privacy')).toBe('/catalog/data_handling_and_privacy/');
    expect(CATALOG_PATHS.subject('spot-the-phish')).toBe('/catalog/subject/spot-the-phish/');
  });
});
