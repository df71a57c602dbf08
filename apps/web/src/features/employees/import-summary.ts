import type { ImportResult } from '@vigil/shared';

type ImportCounts = Pick<ImportResult, 'added' | 'updated' | 'obsolete'>;

/**
 * Spec 3 §4: Confirm is enabled only if there are new users or updates, or deletion of obsolete
 * employees is ticked and some are obsolete.
 */
export function canConfirmImport(counts: ImportCounts, removeObsolete: boolean): boolean {
  return counts.added > 0 || counts.updated > 0 || (removeObsolete && counts.obsolete > 0);
}

/** One of the import messages of spec 3 §8, named as `importMessages` names it. */
export type ImportMessagePart =
  | { key: 'willAdd' | 'willUpdate' | 'willDelete'; count: number }
  | { key: 'noNewUser' | 'tickToRemove' | 'noChanges' };

/**
 * The preview's message lines, saying what Confirm will do (nothing is stored yet); the parts of a
 * line are shown one after the other.
 */
export function importSummary(counts: ImportCounts, removeObsolete: boolean): ImportMessagePart[][] {
  const lines: ImportMessagePart[][] = [];
  if (counts.added > 0) lines.push([{ key: 'willAdd', count: counts.added }]);
  if (counts.updated > 0) lines.push([{ key: 'willUpdate', count: counts.updated }]);
  if (counts.obsolete > 0) {
    const obsolete: ImportMessagePart = removeObsolete
      ? { key: 'willDelete', count: counts.obsolete }
      : { key: 'tickToRemove' };
    lines.push(counts.added === 0 ? [{ key: 'noNewUser' }, obsolete] : [obsolete]);
  }
  return lines.length > 0 ? lines : [[{ key: 'noChanges' }]];
}
