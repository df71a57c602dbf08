import { durationMinutes, SUBJECT_TYPES, type LearnerSubjectRow } from '@vigil/shared';
import { useI18n } from '../i18n/i18n.ts';
import { routeHref } from '../lib/hash-route.ts';
import { progressState, subjectTypeLabel } from '../lib/subject-state.ts';
import { CheckIcon, ChecklistIcon, PlayIcon, BranchIcon, SearchFlagIcon } from './icons.tsx';

const TYPE_ICONS = {
  [SUBJECT_TYPES.decision]: BranchIcon,
  [SUBJECT_TYPES.scorm]: ChecklistIcon,
  [SUBJECT_TYPES.scormQuiz]: ChecklistIcon,
  [SUBJECT_TYPES.interactive]: SearchFlagIcon,
};

/** One delivered subject; the whole card opens it (the title is the link). */
export function SubjectCard({ trainingId, subject }: { trainingId: string; subject: LearnerSubjectRow }) {
  const { t } = useI18n();
  const state = progressState(subject.progress);
  // A lesson without a known running time says none rather than "1 min".
  const minutes = subject.duration > 0 ? durationMinutes(subject.duration) : null;
  const TypeIcon = TYPE_ICONS[subject.type as keyof typeof TYPE_ICONS] ?? PlayIcon;
  const meta = [t(subjectTypeLabel(subject.type)), minutes && t('minutes', { n: minutes })].filter(Boolean);
  return (
    <article className="subject-card">
      <div className="subject-thumb">
        {subject.thumb ? <img src={subject.thumb} alt="" loading="lazy" /> : <TypeIcon size={32} />}
      </div>
      <div className="subject-body">
        <h3 className="subject-title">
          <a className="card-link" href={routeHref({ name: 'subject', trainingId, subjectId: subject.id })}>
            {subject.title}
          </a>
        </h3>
        <p className="subject-meta">{meta.join(' · ')}</p>
        <p className={`status status-${state}`}>
          {state === 'finished' && <CheckIcon size={16} />}
          {t(state)}
        </p>
      </div>
    </article>
  );
}
