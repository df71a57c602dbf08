import { importMessages } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { canConfirmImport, importSummary, type ImportMessagePart } from './import-summary.ts';

function english(part: ImportMessagePart): string {
  switch (part.key) {
    case 'willAdd':
    case 'willUpdate':
    case 'willDelete':
      return importMessages[part.key](part.count);
    default:
      return importMessages[part.key];
  }
}

const summary = (added: number, updated: number, obsolete: number, removeObsolete = false) =>
  importSummary({ added, updated, obsolete }, removeObsolete).map((line) => line.map(english).join(' '));

describe('canConfirmImport', () => {
  it('allows confirming new or updated employees', () => {
    expect(canConfirmImport({ added: 2, updated: 0, obsolete: 0 }, false)).toBe(true);
    expect(canConfirmImport({ added: 0, updated: 1, obsolete: 0 }, false)).toBe(true);
  });

  it('allows confirming a removal only when it is ticked and someone is obsolete', () => {
    expect(canConfirmImport({ added: 0, updated: 0, obsolete: 3 }, false)).toBe(false);
    expect(canConfirmImport({ added: 0, updated: 0, obsolete: 3 }, true)).toBe(true);
    expect(canConfirmImport({ added: 0, updated: 0, obsolete: 0 }, true)).toBe(false);
  });
});

describe('importSummary', () => {
  it('counts the new and updated employees as what Confirm will do', () => {
    expect(summary(5, 2, 0)).toEqual([
      '5 new employees will be added from .csv file',
      '2 employees will be updated from .csv file',
    ]);
  });

  it('asks for the checkbox before obsolete employees are deleted', () => {
    expect(summary(0, 0, 4)).toEqual(['No new user found, Tick checkbox above to remove obsolete users']);
    expect(summary(0, 0, 4, true)).toEqual(['No new user found, 4 employees will be deleted']);
    expect(summary(1, 0, 4, true)).toEqual([
      '1 new employees will be added from .csv file',
      '4 employees will be deleted',
    ]);
  });

  it('says so when the file changes nothing', () => {
    expect(summary(0, 0, 0)).toEqual(['No changes found']);
  });
});
