import type { ImportResult } from '@vigil/shared';
import type { TFunction } from 'i18next';
import { showMessage } from '../../../components/app-messages.ts';

/** Says what a confirmed import changed. */
export function showImportDone(t: TFunction, result: ImportResult): void {
  showMessage({
    type: 'success',
    message: t('employees.import.done', {
      added: result.added,
      updated: result.updated,
      removed: result.removed,
    }),
  });
}
