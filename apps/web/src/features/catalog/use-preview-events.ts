import { EVENT_CODES } from '@vigil/shared';
import { useCallback, useEffect } from 'react';
import { recordPreviewEvent } from './api/record-preview-event.ts';

/**
 * Records a subject preview's open (3) when it is shown and close (4) when it is left, by leaving the
 * page in the app or closing the tab. Returns the way to record the preview's other events.
 */
export function usePreviewEvents(companyId: string, subjectId: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    recordPreviewEvent(companyId, subjectId, EVENT_CODES.SUBJECT_OPEN);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      recordPreviewEvent(companyId, subjectId, EVENT_CODES.SUBJECT_CLOSE, { keepalive: true });
    };
    window.addEventListener('pagehide', close);
    return () => {
      window.removeEventListener('pagehide', close);
      close();
    };
  }, [companyId, subjectId, enabled]);

  return useCallback(
    (code: number) => recordPreviewEvent(companyId, subjectId, code),
    [companyId, subjectId],
  );
}
