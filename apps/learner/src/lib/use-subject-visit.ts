import { EVENT_CODES } from '@vigil/shared';
import { useEffect } from 'react';
import { trackEvent } from './api.ts';

/**
 * Records the opening of a subject once it is shown, and its closing when the employee goes back, the
 * tab is closed or the page is put away (`pagehide`); a page restored from the back-forward cache opens
 * it again. `onLeave` runs when the page is left in the app, so the home page can show new progress.
 */
export function useSubjectVisit(
  trainingId: string,
  subjectId: string,
  shown: boolean,
  onLeave: () => void,
): void {
  useEffect(() => {
    if (!shown) return;
    let open = false;
    const openVisit = () => {
      if (open) return;
      open = true;
      trackEvent({ trainingId, subjectId, code: EVENT_CODES.SUBJECT_OPEN });
    };
    const closeVisit = () => {
      if (!open) return;
      open = false;
      trackEvent({ trainingId, subjectId, code: EVENT_CODES.SUBJECT_CLOSE }, { keepalive: true });
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) openVisit();
    };
    openVisit();
    window.addEventListener('pagehide', closeVisit);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', closeVisit);
      window.removeEventListener('pageshow', onPageShow);
      closeVisit();
      onLeave();
    };
  }, [trainingId, subjectId, shown, onLeave]);
}
