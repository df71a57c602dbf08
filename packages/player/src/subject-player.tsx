import { SUBJECT_TYPES, type LearnerSubject } from '@vigil/shared';
import { useState } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { isScorm, quizUnlocked } from '../lib/subject-state.ts';
import { DecisionScenario } from './decision-scenario.tsx';
import { LessonDone } from './lesson-done.tsx';
import { Quiz } from './quiz.tsx';
import { ScormLesson } from './scorm-lesson.tsx';
import { SlidesReader } from './slides-reader.tsx';
import { Transcript } from './transcript.tsx';
import { VideoLesson } from './video-lesson.tsx';

interface SubjectLessonProps {
  subject: LearnerSubject;
  learnerName: string;
}

/** The lesson by the subject's type, then its questions once the lesson has been taken in. */
export function SubjectLesson({ subject, learnerName }: SubjectLessonProps) {
  if (isScorm(subject.type) && subject.scorm) {
    return <ScormLesson subject={subject} scorm={subject.scorm} learnerName={learnerName} />;
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
  return (
    <>
      <DecisionScenario subject={subject} decisions={decisions} onEnd={() => setEnded(true)} />
      {ended && subject.questions.length > 0 && <Quiz subject={subject} />}
    </>
  );
}

function VideoOrTextLesson({ subject }: { subject: LearnerSubject }) {
  const { t } = useI18n();
  const [unlocked, setUnlocked] = useState(() => quizUnlocked(subject.progress));
  const unlock = () => setUnlocked(true);
  const hasQuiz = subject.questions.length > 0;
  return (
    <>
      {subject.video ? (
        <>
          <VideoLesson subject={subject} video={subject.video} onWatched={unlock} />
          {hasQuiz && (
            <p role="status" className="hint">
              {unlocked ? t('quizReady') : t('quizLocked')}
            </p>
          )}
          {subject.slides.length > 0 && <Transcript slides={subject.slides} />}
        </>
      ) : (
        <SlidesReader subject={subject} read={unlocked} onRead={unlock} />
      )}
      {unlocked && (hasQuiz ? <Quiz subject={subject} /> : <LessonDone finished />)}
    </>
  );
}
