/**
 * The player's parts for a host that lays a subject out itself, as the manager's preview does: the
 * quiz, the decision scenario, the slides and a video's transcript inside a PlayerProvider, with the preview's own tools
 * (the answers revealed, a reset, a reshuffled restart) and a quiz graded in the browser. A separate
 * entry, so that the learner app's bundle, which plays through SubjectPlayer, keeps the decision
 * scenario in its own lazily loaded chunk.
 */
export { PlayerProvider, type PlayerProviderProps } from './player-provider.tsx';
export { Quiz, type QuizProps } from './quiz.tsx';
export { SlidesReader, type SlidesReaderProps } from './slides-reader.tsx';
export { Transcript } from './transcript.tsx';
export { DecisionScenario, type DecisionScenarioProps } from './decision-scenario.tsx';
export type { DecisionStory } from './decision-path.ts';
export { InteractiveSubject, type InteractiveSubjectProps } from './interactive-subject.tsx';
export { answerEventCode, gradeLocally, shuffledQuiz, type LocalQuiz } from './quiz-order.ts';
export { PLAYER_TEXT_KEYS } from './player-context.ts';
