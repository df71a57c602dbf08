/**
 * The subject player shared by the learner app and the manager's preview (and later the embed player
 * and the SCORM/cmi5 packages): video with captions and progress marks, slides, quiz, decision
 * scenarios, interactive subjects (mock-ups with red flags) and SCORM courses. It records nothing itself; it tells its host what happens. Hosts that lay
 * the parts out themselves (the manager's preview) take them from `@vigil/player/preview`.
 */
export { SubjectPlayer, type SubjectPlayerProps } from './subject-player.tsx';
export { VideoPlayer, type VideoPlayerProps } from './video-player.tsx';
export { ScormPlayer, type ScormPlayerProps } from './scorm-player.tsx';
export { FurtherReading } from './further-reading.tsx';
export { CheckIcon, Svg, type IconProps } from './icons.tsx';
export type {
  AnswerGrade,
  EventCode,
  LessonDoneProps,
  PlayerEvents,
  PlayerText,
  PlayerTextKey,
  QuizQuestion,
} from './player-context.ts';
export type { ScormCommit, ScormData, ScormVersion } from './scorm-runtime.ts';
export { committedScore } from './scorm-runtime.ts';
