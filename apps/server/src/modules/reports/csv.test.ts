import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('neutralises formulas, escapes separators and quotes, and starts with a BOM', () => {
    const csv = toCsv(
      ['Name', 'Score'],
      [
        ['=HYPERLINK("http://evil")', 3],
        ['Smith, "Jo"', -2],
        ['@SUM(A1)', null],
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Name,Score');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"")",3`);
    expect(lines[2]).toBe('"Smith, ""Jo""",-2');
    expect(lines[3]).toBe(`'@SUM(A1),`);
  });
});
