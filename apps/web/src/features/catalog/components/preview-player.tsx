import type { AnswerGrade, LessonDoneProps, PlayerEvents, PlayerText } from '@vigil/player';
import { answerEventCode, PlayerProvider } from '@vigil/player/preview';
import '@vigil/player/player.css';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './preview-player.module.css';

/** The end of a lesson in the preview: its result, if any (nothing is recorded for the manager). */
function PreviewDone({ detail, takeFocus = false }: LessonDoneProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return detail ? (
    <p ref={ref} tabIndex={-1} className="feedback-line" data-testid="preview-result">
      {detail}
    </p>
  ) : null;
}

const renderDone = (props: LessonDoneProps) => <PreviewDone {...props} />;

interface PreviewPlayerProps {
  /** Records a preview event (video marks, answers 5 and 6, decisions 16 and 17). */
  onEvent: (code: number) => void;
  /** Grades a quiz answer in the browser; the preview's quiz knows where the right answers are. */
  grade?: (question: number, answer: number) => AnswerGrade;
  children: ReactNode;
}

/**
 * The player package's parts in the manager's preview: its texts in the app's language (the
 * `catalog.player.*` texts), its events recorded as preview events, its colours from the app's theme.
 */
export function PreviewPlayer({ onEvent, grade, children }: PreviewPlayerProps) {
  const { t } = useTranslation();
  const text = useCallback<PlayerText>((key, values) => t(`catalog.player.${key}`, values ?? {}), [t]);
  const events = useMemo<PlayerEvents>(
    () => ({
      onMark: onEvent,
      onRead: () => Promise.resolve(),
      onAnswer: ({ question, answer }) => {
        const graded = grade?.(question, answer);
        if (!graded) return Promise.reject(new Error('This preview has no quiz to grade.'));
        onEvent(answerEventCode(graded.correct));
        return Promise.resolve(graded);
      },
      // A choice counts once here: a decision (16), or the last decision (17) for the one that ends it.
      onDecision: ({ codes }) => onEvent(codes[codes.length - 1]!),
      onFinish: () => Promise.resolve(),
    }),
    [onEvent, grade],
  );
  return (
    <div className={classes.player}>
      <PlayerProvider text={text} events={events} renderDone={renderDone}>
        {children}
      </PlayerProvider>
    </div>
  );
}
