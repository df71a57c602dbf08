import { describe, expect, it } from 'vitest';
import { withQuery } from './with-query.ts';

describe('withQuery', () => {
  it('adds the set values and leaves out empty ones', () => {
    expect(withQuery('/a', { q: 'x y', p: 2, tab: '', listId: undefined, d: null })).toBe('/a?q=x+y&p=2');
  });
  it('keeps the bare path when nothing is set', () => {
    expect(withQuery('/a', { q: '' })).toBe('/a');
  });
});
