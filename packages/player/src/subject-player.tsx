import { SUBJECT_TYPES, type LearnerSubject } from '@vigil/shared';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { learnerStory } from './decision-path.ts';
import { isScorm, quizUnlocked } from './lesson-state.ts';
import { usePlayer, type LessonDoneProps, type PlayerEvents, type PlayerText } from './player-context.ts';
import { PlayerProvider } from './player-provider.tsx';
import { Quiz } from './quiz.tsx';
import { SlidesReader } from './slides-reader.tsx';
import { Transcript } from './transcript.tsx';
import { VideoPlayer } from './video-player.tsx';

/**
 * A SCORM course (with its run-time), a decision scenario and an interactive subject load only when
 * such a subject is opened.
 */
const ScormLesson = lazy(() => import('./scorm-lesson.tsx').then((m) => ({ default: m.ScormLesson })));
const DecisionScenario = lazy(() =>
  import('./decision-scenario.tsx').then((m) => ({ default: m.DecisionScenario })),
);
const InteractiveSubject = lazy(() =>
  import('./interactive-subject.tsx').then((m) => ({ default: m.InteractiveSubject })),
);

export interface SubjectPlayerProps {
  subject: LearnerSubject;
  /** Who takes the lesson, for a SCORM package (its student id and name). */
  learner: { id: string; name: string };
  text: PlayerText;
  events: PlayerEvents;
  /** How the end of a lesson is shown (the host adds its own way on). */
  renderDone: (props: LessonDoneProps) => ReactNode;
}

/**
 * One subject's lesson by its type (video with captions, text, decision scenario, interactive subject or
 * SCORM course),
 * then its questions once the lesson has been taken in. Everything that happens goes to `events`.
 */
export function SubjectPlayer({ subject, learner, text, events, renderDone }: SubjectPlayerProps) {
  useVisit(events);
  return (
    <PlayerProvider text={text} events={events} renderDone={renderDone}>
      <Lesson subject={subject} learner={learner} />
    </PlayerProvider>
  );
}

/**
 * Reports the subject open once it is shown, and closed when it is left, the tab is closed or the
 * page is put away (`pagehide`); a page restored from the back-forward cache opens it again.
 */
function useVisit(events: PlayerEvents) {
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  });
  useEffect(() => {
    let open = false;
    const openVisit = () => {
      if (open) return;
      open = true;
      latest.current.onOpen?.();
    };
    const closeVisit = () => {
      if (!open) return;
      open = false;
      latest.current.onClose?.();
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
    };
  }, []);
}

function Lesson({ subject, learner }: { subject: LearnerSubject; learner: { id: string; name: string } }) {
  if (isScorm(subject.type) && subject.scorm) {
    return (
      <Suspense>
        <ScormLesson subject={subject} scorm={subject.scorm} learner={learner} />
      </Suspense>
    );
  }
  if (subject.type === SUBJECT_TYPES.interactive && subject.interactive) {
    return (
      <Suspense>
        <InteractiveSubject body={subject.interactive} />
      </Suspense>
    );
  }
  if (subject.type === SUBJECT_TYPES.decision && subject.decisions) {
    return <ScenarioLesson subject={subject} decisions={subject.decisions} />;
  }
  return <VideoOrTextLesson subject={subject} />;
}

function ScenarioLesson({
  subject,
  decisions,
}: {
  subject: LearnerSubject;
  decisions: NonNullable<LearnerSubject['decisions']>;
}) {
  const [ended, setEnded] = useState(false);
  const story = useMemo(() => learnerStory(decisions), [decisions]);
  return (
    <>
      <Suspense>
        <DecisionScenario story={story} onEnd={() => setEnded(true)} />
      </Suspense>
      {ended && subject.questions.length > 0 && <Quiz questions={subject.questions} />}
    </>
  );
}

function VideoOrTextLesson({ subject }: { subject: LearnerSubject }) {
  const { text: t, events, renderDone } = usePlayer();
  const [unlocked, setUnlocked] = useState(() => quizUnlocked(subject.progress));
  const unlock = () => setUnlocked(true);
  const hasQuiz = subject.questions.length > 0;
  return (
    <>
      {subject.video ? (
        <>
          <VideoPlayer
            src={subject.video.url}
            captions={subject.video.captions}
            language={subject.language}
            title={subject.title}
            startPercent={subject.progress.videoPercent}
            captionsLabel={t('captions')}
            unsupportedText={t('videoUnsupported')}
            onMark={(code) => events.onMark(code)}
            onWatched={unlock}
          />
          {hasQuiz && (
            <p role="status" className="hint">
              {unlocked ? t('quizReady') : t('quizLocked')}
            </p>
          )}
          {subject.slides.length > 0 && <Transcript slides={subject.slides} />}
        </>
      ) : (
        <SlidesReader slides={subject.slides} read={unlocked} onRead={unlock} />
      )}
      {unlocked && (hasQuiz ? <Quiz questions={subject.questions} /> : renderDone({ finished: true }))}
    </>
  );
}
