import { SubjectPlayer, type LessonDoneProps } from '@vigil/player';
import type { LearnerSubject } from '@vigil/shared';
import { useMemo } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { lessonEvents, type LessonRecorder } from '../lib/lesson-recorder.ts';
import { LessonDone } from './lesson-done.tsx';

interface LessonPlayerProps {
  subject: LearnerSubject;
  learnerName: string;
  /** Where the lesson's events and answers go: the server, or nowhere (the public demo). */
  recorder: LessonRecorder;
}

const renderDone = (props: LessonDoneProps) => <LessonDone {...props} />;

/** The shared subject player, speaking the app's language and reporting to the recorder. */
export function LessonPlayer({ subject, learnerName, recorder }: LessonPlayerProps) {
  const { t } = useI18n();
  const events = useMemo(() => lessonEvents(recorder, subject), [recorder, subject]);
  const learner = useMemo(() => ({ id: '', name: learnerName }), [learnerName]);
  return (
    <SubjectPlayer subject={subject} learner={learner} text={t} events={events} renderDone={renderDone} />
  );
}
