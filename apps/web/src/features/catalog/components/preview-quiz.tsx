import { gradeLocally, Quiz, shuffledQuiz } from '@vigil/player/preview';
import type { SubjectDetail } from '@vigil/shared';
import { useCallback, useState } from 'react';
import { PreviewPlayer } from './preview-player.tsx';

interface PreviewQuizProps {
  questions: SubjectDetail['questions'];
  onEvent: (code: number) => void;
}

/**
 * The subject's quiz in the player's quiz, graded here: the answers in random order, each answer
 * recorded as right (5) or wrong (6); once the result is shown it starts again reshuffled.
 */
export function PreviewQuiz({ questions, onEvent }: PreviewQuizProps) {
  const [round, setRound] = useState(() => ({ questions, quiz: shuffledQuiz(questions), count: 0 }));
  // Questions in another language start the quiz afresh.
  if (round.questions !== questions) {
    setRound({ questions, quiz: shuffledQuiz(questions), count: round.count + 1 });
  }
  const grade = useCallback(
    (question: number, answer: number) => gradeLocally(round.quiz, question, answer),
    [round.quiz],
  );
  const restart = () => setRound((r) => ({ ...r, quiz: shuffledQuiz(r.questions), count: r.count + 1 }));
  return (
    <PreviewPlayer onEvent={onEvent} grade={grade}>
      <Quiz key={round.count} questions={round.quiz.questions} onRestart={restart} />
    </PreviewPlayer>
  );
}
