import { ASSESSMENT_MESSAGES, LEARNER_MESSAGES } from '@vigil/shared';
import { useI18n, type Translate } from '../i18n/i18n.ts';
import { NETWORK_ERROR, type ApiError } from '../lib/api.ts';

/** A busy area: screen readers hear "Loading…", sighted people see grey placeholder blocks. */
export function Skeleton({ lines = 3, media = false }: { lines?: number; media?: boolean }) {
  const { t } = useI18n();
  return (
    <div className="skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('loading')}
      </span>
      {media && <div className="skeleton-block skeleton-media" />}
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton-block skeleton-line" />
      ))}
    </div>
  );
}

/** The server's message in the reader's language when it is one the app knows; else as sent. */
export function errorMessage(error: ApiError, t: Translate): string {
  if (error.status === NETWORK_ERROR) return t('networkError');
  if (error.message === LEARNER_MESSAGES.subjectNotDelivered) return t('subjectNotDelivered');
  if (error.message === LEARNER_MESSAGES.trainingNotFound) return t('trainingNotFound');
  if (error.message === ASSESSMENT_MESSAGES.notFound) return t('assessmentNotFound');
  if (error.message === ASSESSMENT_MESSAGES.closed) return t('assessmentClosedTitle');
  if (error.message === ASSESSMENT_MESSAGES.alreadyFinished) return t('alreadyFinished');
  if (error.status >= 500 || !error.message) return t('genericError');
  return error.message;
}

/** A failed load: the reason, and a retry where trying again can help (no connection, server trouble). */
export function ErrorState({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { t } = useI18n();
  const canRetry = error.status === NETWORK_ERROR || error.status >= 500;
  return (
    <div className="error-state" role="alert">
      <p>{errorMessage(error, t)}</p>
      {canRetry && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
