import { FurtherReading } from '@vigil/player';
import type { LearnerSubject } from '@vigil/shared';
import { useEffect } from 'react';
import { learnerPaths, takeEarlyData } from '../boot/early-requests.ts';
import { BackIcon, CheckIcon } from '../components/icons.tsx';
import { LessonPlayer } from '../components/lesson-player.tsx';
import { ErrorState, Skeleton } from '../components/status-views.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { fetchSubject } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { HOME, routeHref } from '../lib/hash-route.ts';
import { serverRecorder } from '../lib/lesson-recorder.ts';
import { lessonLabel } from '../lib/subject-state.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useLoad } from '../lib/use-load.ts';

interface SubjectPageProps {
  trainingId: string;
  subjectId: string;
  learnerName: string;
  /** Called when the employee leaves the subject, so the home page can show the new progress. */
  onLeave: () => void;
}

/** One subject: its lesson (video, text, scenario or course), the questions, and further reading. */
export function SubjectPage({ trainingId, subjectId, learnerName, onLeave }: SubjectPageProps) {
  const { t } = useI18n();
  const subject = useLoad(
    `${trainingId}/${subjectId}`,
    (signal) => fetchSubject(trainingId, subjectId, signal),
    () => takeEarlyData(learnerPaths.subject(trainingId, subjectId)),
  );
  // The player records the visit itself; leaving lets the home page show the new progress.
  useEffect(() => onLeave, [trainingId, subjectId, onLeave]);
  useDocumentTitle(subject.data ? `${subject.data.title} · ${t('appTitle')}` : t('appTitle'));

  return (
    <div className="page page-narrow">
      <nav className="back-nav" aria-label={t('back')}>
        <a className="back-link" href={routeHref(HOME)}>
          <BackIcon size={18} />
          {t('back')}
        </a>
      </nav>
      {subject.data ? (
        <SubjectView subject={subject.data} learnerName={learnerName} />
      ) : subject.error ? (
        <>
          <h1 className="visually-hidden">{t('appTitle')}</h1>
          <ErrorState error={subject.error} onRetry={subject.reload} />
        </>
      ) : (
        <Skeleton media lines={4} />
      )}
    </div>
  );
}

function SubjectView({ subject, learnerName }: { subject: LearnerSubject; learnerName: string }) {
  const { t, language } = useI18n();
  return (
    <article className="subject">
      <header className="subject-head">
        <p className="eyebrow">{t(lessonLabel(subject))}</p>
        <h1 className="page-title" lang={subject.language}>
          {subject.title}
        </h1>
        {subject.description && (
          <p className="lead" lang={subject.language}>
            {subject.description}
          </p>
        )}
        {subject.progress.finished && subject.progress.finishedAt && (
          <p className="finished-note">
            <CheckIcon size={18} />
            {t('finishedOn', { date: formatDate(subject.progress.finishedAt, language) })}
          </p>
        )}
      </header>
      <LessonPlayer key={subject.id} subject={subject} learnerName={learnerName} recorder={serverRecorder} />
      {subject.content && <FurtherReading content={subject.content} language={subject.language} text={t} />}
    </article>
  );
}
