import { describe, expect, it } from 'vitest';
import { emptyManualRow, rowsToSave } from './manual-rows.ts';

describe('manual rows', () => {
  it('drops rows without an email and trims the rest', () => {
    const rows = [
      { key: 'a', email: ' ana@example.com ', name: ' Ana ' },
      { key: 'b', email: '  ', name: '' },
      { key: 'c', email: 'bo@example.com', name: '' },
    ];
    expect(rowsToSave(rows)).toEqual([
      { email: 'ana@example.com', name: 'Ana' },
      { email: 'bo@example.com', name: '' },
    ]);
  });

  it('gives every new row its own key', () => {
    expect(emptyManualRow().key).not.toBe(emptyManualRow().key);
  });
});
