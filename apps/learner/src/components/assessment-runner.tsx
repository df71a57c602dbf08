import type { LearnerAssessmentAnswer } from '@vigil/shared';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import {
  AUTO_ADVANCE_MS,
  completeChoice,
  completedCount,
  isQuestionComplete,
  actionBlocks,
  shouldAutoAdvance,
  type AssessmentDrafts,
  type AssessmentQuestion,
  type DraftChoice,
} from '../lib/assessment-progress.ts';
import { AssessmentQuestionBlocks, type AnswerGesture } from './assessment-question.tsx';
import { ProgressBar } from './progress-bar.tsx';

interface AssessmentRunnerProps {
  questions: readonly AssessmentQuestion[];
  initialDrafts: AssessmentDrafts;
  /** The question to show first; the count of questions is the finish step. */
  startAt: number;
  language: string;
  /** A complete answer to an action, to be stored (the real assessment) or kept (the demo). */
  onAnswer: (answer: LearnerAssessmentAnswer) => void;
  /** The quiet saving line, when answers are sent somewhere. */
  saveIndicator?: ReactNode;
  finishing: boolean;
  finishError?: ReactNode;
  onFinish: (drafts: AssessmentDrafts) => void;
}

/**
 * The questions one at a time. Once every action of a question is answered it moves on by itself after
 * a short pause (Back returns; a changed answer is saved again). Each move puts the focus on the new
 * question's heading and announces the position; the last step offers to finish.
 */
export function AssessmentRunner({
  questions,
  initialDrafts,
  startAt,
  language,
  onAnswer,
  saveIndicator,
  finishing,
  finishError,
  onFinish,
}: AssessmentRunnerProps) {
  const { t } = useI18n();
  const total = questions.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(startAt, 0), total));
  const [drafts, setDrafts] = useState<AssessmentDrafts>(initialDrafts);
  const [hint, setHint] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const question = questions[index];
  const done = completedCount(questions, drafts);

  const cancelAdvance = () => {
    if (advanceTimer.current) clearTimeout(advanceTimer.current);
    advanceTimer.current = null;
  };
  useEffect(() => cancelAdvance, []);

  // Every question (and the finish step) starts at its heading, for keyboard and screen reader alike.
  useEffect(() => {
    headingRef.current?.focus();
  }, [index]);

  const goTo = (next: number) => {
    cancelAdvance();
    setHint('');
    setIndex(Math.min(Math.max(next, 0), total));
  };

  function answer(q: AssessmentQuestion, actionId: string, draft: DraftChoice, gesture: AnswerGesture) {
    const before = drafts[q.id];
    const after = { ...before, [actionId]: draft };
    setDrafts({ ...drafts, [q.id]: after });
    const block = actionBlocks(q).find((b) => b.actionId === actionId);
    const choice = block ? completeChoice(block, draft) : null;
    if (choice) onAnswer({ questionId: q.id, actionId, choice });
    cancelAdvance();
    if (!shouldAutoAdvance(q, before, after)) return;
    if (gesture === 'browse') {
      setHint(t('useNext'));
      return;
    }
    advanceTimer.current = setTimeout(() => goTo(index + 1), AUTO_ADVANCE_MS);
  }

  const position = index < total ? t('questionCount', { n: index + 1, total }) : t('finishHeading');

  return (
    <section className="card runner" aria-labelledby="runner-heading">
      <ProgressBar value={done} max={total} label={t('questionProgress', { answered: done, total })} />
      <p className="visually-hidden" role="status">
        {`${position}. ${t('questionProgress', { answered: done, total })}`}
      </p>
      {question ? (
        <>
          <p className="eyebrow" aria-hidden="true">
            {position}
          </p>
          <h2 id="runner-heading" ref={headingRef} tabIndex={-1} className="runner-heading" lang={language}>
            {question.name}
          </h2>
          <AssessmentQuestionBlocks
            key={question.id}
            question={question}
            drafts={drafts[question.id]}
            language={language}
            onDraft={(actionId, draft, gesture) => answer(question, actionId, draft, gesture)}
          />
          <p className="hint runner-hint" role="status">
            {hint}
          </p>
        </>
      ) : (
        <FinishStep
          headingRef={headingRef}
          questions={questions}
          drafts={drafts}
          language={language}
          onGoTo={goTo}
          finishing={finishing}
          finishError={finishError}
          onFinish={() => onFinish(drafts)}
        />
      )}
      <div className="runner-nav">
        {index > 0 && (
          <button type="button" className="button button-secondary" onClick={() => goTo(index - 1)}>
            {t('backQuestion')}
          </button>
        )}
        {question && isQuestionComplete(question, drafts[question.id]) && (
          <button type="button" className="button button-primary" onClick={() => goTo(index + 1)}>
            {t('nextQuestion')}
          </button>
        )}
      </div>
      {saveIndicator}
    </section>
  );
}

interface FinishStepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  questions: readonly AssessmentQuestion[];
  drafts: AssessmentDrafts;
  language: string;
  onGoTo: (index: number) => void;
  finishing: boolean;
  finishError?: ReactNode;
  onFinish: () => void;
}

function FinishStep({
  headingRef,
  questions,
  drafts,
  language,
  onGoTo,
  finishing,
  finishError,
  onFinish,
}: FinishStepProps) {
  const { t } = useI18n();
  const missing = questions.map((q, i) => ({ q, i })).filter(({ q }) => !isQuestionComplete(q, drafts[q.id]));
  return (
    <div className="finish-step">
      <h2 id="runner-heading" ref={headingRef} tabIndex={-1} className="runner-heading">
        {t('finishHeading')}
      </h2>
      {missing.length === 0 ? (
        <>
          <p>{t('finishText')}</p>
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              onClick={onFinish}
              aria-disabled={finishing || undefined}
            >
              {finishing ? t('finishSaving') : t('finishButton')}
            </button>
          </div>
          <div role="status" className="feedback-line">
            {finishing && <span className="visually-hidden">{t('finishSaving')}</span>}
          </div>
          {finishError}
        </>
      ) : (
        <>
          <p>{t('finishMissing')}</p>
          <ul className="missing-list">
            {missing.map(({ q, i }) => (
              <li key={q.id}>
                <button type="button" className="link-button" onClick={() => onGoTo(i)}>
                  <span lang={language}>{t('goToQuestion', { n: i + 1, name: q.name })}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
