import { FurtherReading } from '@vigil/player';
import type { LearnerSubject } from '@vigil/shared';
import { useMemo } from 'react';
import { LessonPlayer } from '../components/lesson-player.tsx';
import { PublicFrame } from '../components/public-frame.tsx';
import { Skeleton } from '../components/status-views.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { fetchDemoTraining } from '../lib/api.ts';
import { routeHref } from '../lib/hash-route.ts';
import { correctAnswersOf, localRecorder } from '../lib/lesson-recorder.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useLoad } from '../lib/use-load.ts';
import { DemoError } from './demo-assessment-page.tsx';

/** The public training demo: a lesson in the usual player, graded in the browser, nothing recorded. */
export function DemoTrainingPage({ companyUid }: { companyUid: string }) {
  const lesson = useLoad(`demo-training/${companyUid}`, (signal) => fetchDemoTraining(companyUid, signal));
  return (
    <PublicFrame language={lesson.data?.language} selfHref={routeHref({ name: 'demoTraining', companyUid })}>
      <div className="page page-narrow">
        {lesson.data ? (
          <DemoLesson lesson={lesson.data} />
        ) : lesson.error ? (
          <DemoError error={lesson.error} onRetry={lesson.reload} />
        ) : (
          <Skeleton media lines={4} />
        )}
      </div>
    </PublicFrame>
  );
}

function DemoLesson({ lesson }: { lesson: LearnerSubject }) {
  const { t } = useI18n();
  const recorder = useMemo(() => localRecorder(correctAnswersOf(lesson)), [lesson]);
  useDocumentTitle(`${lesson.title} · ${t('appTitle')}`);
  return (
    <article className="subject">
      <header className="subject-head">
        <p className="eyebrow">{t('demoLesson')}</p>
        <h1 className="page-title" lang={lesson.language}>
          {lesson.title}
        </h1>
        {lesson.description && (
          <p className="lead" lang={lesson.language}>
            {lesson.description}
          </p>
        )}
        <p className="demo-banner">{t('demoBanner')}</p>
      </header>
      <LessonPlayer subject={lesson} learnerName="" recorder={recorder} />
      {lesson.content && <FurtherReading content={lesson.content} language={lesson.language} text={t} />}
    </article>
  );
}
