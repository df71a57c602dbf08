import type { ImportResult } from '@vigil/shared';
import type { TFunction } from 'i18next';
import { showMessage } from '../../../components/app-messages.ts';

/** Says what a confirmed import changed, in the spec's words (spec 3 §8). */
export function showImportDone(t: TFunction, result: ImportResult): void {
  const lines = [
    result.added > 0 && t('employees.import.messages.added', { count: result.added }),
    result.updated > 0 && t('employees.import.messages.updated', { count: result.updated }),
    result.removed > 0 && t('employees.import.removed', { count: result.removed }),
  ];
  showMessage({ type: 'success', message: lines.filter(Boolean).join('. ') });
}
