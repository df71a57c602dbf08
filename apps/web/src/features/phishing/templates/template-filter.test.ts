import { PHISHING_LURES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  countByLure,
  filterTemplates,
  NO_TEMPLATE_FILTER,
  type FilterableTemplate,
} from './template-filter.ts';

const templates: FilterableTemplate[] = [
  { name: 'Parcel held at customs', lureKind: 'delivery-notice', difficulty: 1 },
  { name: 'Überfällige Rechnung', lureKind: 'invoice', difficulty: 2 },
  { name: 'Password expires today', lureKind: 'credential-harvest', difficulty: 3 },
  { name: 'Second parcel attempt', lureKind: 'delivery-notice', difficulty: 3 },
];

describe('template filters', () => {
  it('keeps every template without a filter, in order', () => {
    expect(filterTemplates(templates, NO_TEMPLATE_FILTER)).toEqual(templates);
  });

  it('combines lure kind, difficulty and a search that ignores case and accents', () => {
    const names = (filter: Partial<typeof NO_TEMPLATE_FILTER>) =>
      filterTemplates(templates, { ...NO_TEMPLATE_FILTER, ...filter }).map((t) => t.name);
    expect(names({ lure: 'delivery-notice' })).toEqual(['Parcel held at customs', 'Second parcel attempt']);
    expect(names({ lure: 'delivery-notice', difficulty: 3 })).toEqual(['Second parcel attempt']);
    expect(names({ q: 'uberfallige' })).toEqual(['Überfällige Rechnung']);
    expect(names({ q: '  PARCEL ' })).toEqual(['Parcel held at customs', 'Second parcel attempt']);
    expect(names({ lure: 'qr-code' })).toEqual([]);
  });

  it('counts every lure kind, those without templates as 0', () => {
    const counts = countByLure(templates, PHISHING_LURES);
    expect(counts['delivery-notice']).toBe(2);
    expect(counts['qr-code']).toBe(0);
    expect(Object.keys(counts)).toHaveLength(PHISHING_LURES.length);
  });
});
