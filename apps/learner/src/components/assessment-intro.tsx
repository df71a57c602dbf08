import { durationMinutes } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import type { AssessmentQuestion } from '../lib/assessment-progress.ts';
import { formatDate } from '../lib/format.ts';
import { ProgressBar } from './progress-bar.tsx';

interface AssessmentIntroProps {
  /** `duration`: seconds the questions take together, the figure the invitation mail gives too. */
  assessment: { questions: readonly AssessmentQuestion[]; duration: number; due?: string | null };
  answered: number;
  startAt: number;
  onStart: () => void;
  /** A note above the facts (the demo says that nothing is sent). */
  note?: ReactNode;
}

/** What the employee is about to do: how many questions, how long, until when; then start or continue. */
export function AssessmentIntro({ assessment, answered, startAt, onStart, note }: AssessmentIntroProps) {
  const { t, language } = useI18n();
  const total = assessment.questions.length;
  const label =
    answered === 0
      ? t('startNow')
      : startAt < total
        ? t('continueNow', { n: startAt + 1 })
        : t('continueAssessment');
  return (
    <section className="card assessment-intro" aria-labelledby="intro-heading">
      <h2 id="intro-heading" className="visually-hidden">
        {t('assessmentFacts')}
      </h2>
      {note}
      <p>{t('assessmentIntro')}</p>
      <dl className="facts">
        <div>
          <dt>{t('factQuestions')}</dt>
          <dd>{total}</dd>
        </div>
        <div>
          <dt>{t('factTime')}</dt>
          <dd>{t('minutes', { n: durationMinutes(assessment.duration) })}</dd>
        </div>
        {assessment.due && (
          <div>
            <dt>{t('factDue')}</dt>
            <dd>{formatDate(assessment.due, language)}</dd>
          </div>
        )}
      </dl>
      {answered > 0 && (
        <ProgressBar value={answered} max={total} label={t('questionProgress', { answered, total })} />
      )}
      <div className="actions">
        <button type="button" className="button button-primary" onClick={onStart}>
          {label}
        </button>
      </div>
    </section>
  );
}
