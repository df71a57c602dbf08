import { useEffect, useRef } from 'react';
import { HOME, routeHref } from '../lib/hash-route.ts';
import { useI18n } from '../i18n/i18n.ts';
import { CheckIcon } from './icons.tsx';

interface LessonDoneProps {
  finished: boolean;
  detail?: string;
  /** Moves the focus here, when the control that led here has just disappeared. */
  takeFocus?: boolean;
}

/** The end of a lesson: the result, and the way back to the training. */
export function LessonDone({ finished, detail, takeFocus = false }: LessonDoneProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div className="lesson-done">
      <div ref={ref} tabIndex={-1} className="lesson-done-text">
        {detail && <p className="result">{detail}</p>}
        {finished && (
          <p className="done-line">
            <CheckIcon />
            {t('lessonFinished')}
          </p>
        )}
      </div>
      <a className="button button-primary" href={routeHref(HOME)}>
        {t('back')}
      </a>
    </div>
  );
}
