import { useI18n } from '../i18n/i18n.ts';
import type { SaveStatus } from '../lib/answer-queue.ts';
import { CheckIcon } from './icons.tsx';

interface SaveIndicatorProps {
  status: SaveStatus;
  /** Nothing is shown before the first answer of this visit. */
  active: boolean;
  /** Why the server refused an answer, if it did. */
  rejected: string | null;
}

/**
 * A quiet line under the questions: "Saving…" and "Answers saved" are only shown; a lost connection or
 * a refused answer is also announced, since then the employee may want to act.
 */
export function SaveIndicator({ status, active, rejected }: SaveIndicatorProps) {
  const { t } = useI18n();
  return (
    <div className="save-line">
      {active && status !== 'retrying' && (
        <p className={`save-state save-${status}`}>
          {status === 'saved' && <CheckIcon size={16} />}
          {status === 'saved' ? t('saveSaved') : t('saveSaving')}
        </p>
      )}
      <p role="status" className="save-alert">
        {status === 'retrying' ? t('saveRetrying') : ''}
        {rejected ? t('saveRejected', { reason: rejected }) : ''}
      </p>
    </div>
  );
}
