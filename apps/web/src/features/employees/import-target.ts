import type { CreateUsersBatchRequest } from '@vigil/shared';

/** Where an import goes when the user chooses: one of the lists, or a new list by its name. */
export interface ImportTargetChoice {
  mode: 'existing' | 'new';
  listId: string | null;
  listName: string;
}

export type ImportTarget = Pick<CreateUsersBatchRequest, 'listId' | 'listName'>;

/** The list part of an import request, or null while no list is chosen or named. */
export function importTarget(
  fixedListId: string | undefined,
  choice: ImportTargetChoice,
): ImportTarget | null {
  if (fixedListId) return { listId: fixedListId };
  if (choice.mode === 'existing') return choice.listId ? { listId: choice.listId } : null;
  const listName = choice.listName.trim();
  return listName ? { listName } : null;
}
