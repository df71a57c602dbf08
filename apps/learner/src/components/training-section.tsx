import type { LearnerTraining } from '@vigil/shared';
import { useI18n } from '../i18n/i18n.ts';
import { formatDate } from '../lib/format.ts';
import { CertificateButton } from './certificate-button.tsx';
import { CalendarIcon, CheckIcon } from './icons.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { SubjectCard } from './subject-card.tsx';

/** The pass mark a completed program's quiz score fell short of, when the company issues certificates. */
function missedPassMark({ completed, passMark, quizScore }: LearnerTraining): number | null {
  return completed && passMark !== null && quizScore !== null && quizScore < passMark ? passMark : null;
}

/**
 * One training program: its progress, its quiz score, what comes next, the certificate (or what it
 * needs), and its delivered subjects.
 */
export function TrainingSection({ training }: { training: LearnerTraining }) {
  const { t, language } = useI18n();
  const headingId = `program-${training.id}`;
  const missed = missedPassMark(training);
  return (
    <section className="program" aria-labelledby={headingId}>
      <div className="program-head">
        <h2 id={headingId}>{training.name}</h2>
        {training.completed && (
          <span className="badge badge-done">
            <CheckIcon size={16} />
            {t('completed')}
          </span>
        )}
      </div>
      <ProgressBar
        value={training.finished}
        max={training.subjectsTotal}
        label={t('programProgress', { done: training.finished, total: training.subjectsTotal })}
      />
      {training.completedAt && (
        <p className="program-note">
          {t('completedOn', { date: formatDate(training.completedAt, language) })}
        </p>
      )}
      {training.quizScore !== null && (
        <p className="program-note">{t('quizScore', { score: training.quizScore })}</p>
      )}
      {missed !== null && <p className="program-note">{t('passMarkMissed', { passMark: missed })}</p>}
      {training.nextDelivery && (
        <p className="program-note">
          <CalendarIcon size={18} />
          {t('nextDelivery', { date: formatDate(training.nextDelivery, language) })}
        </p>
      )}
      {training.certificate && <CertificateButton trainingId={training.id} />}
      {training.subjects.length > 0 && (
        <ul className="subject-grid" aria-label={t('lessons')}>
          {training.subjects.map((subject) => (
            <li key={subject.id}>
              <SubjectCard trainingId={training.id} subject={subject} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
