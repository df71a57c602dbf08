import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

describe('format', () => {
  it('writes dates in the reader language', () => {
    expect(formatDate('2026-05-12T09:00:00Z', 'en')).toBe('May 12, 2026');
    expect(formatDate('2026-05-12T09:00:00Z', 'de')).toBe('12. Mai 2026');
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});
