import type { AddUsersRequest } from '@vigil/shared';

/** One row of the manual add form; the key keeps React's rows apart while rows come and go. */
export interface ManualRow {
  key: string;
  email: string;
  name: string;
}

let nextKey = 0;

export function emptyManualRow(): ManualRow {
  nextKey += 1;
  return { key: `row-${nextKey}`, email: '', name: '' };
}

/** Spec 3 §5: rows with an empty email are dropped on save. */
export function rowsToSave(rows: readonly ManualRow[]): AddUsersRequest['users'] {
  return rows
    .map((row) => ({ email: row.email.trim(), name: row.name.trim() }))
    .filter((row) => row.email !== '');
}
