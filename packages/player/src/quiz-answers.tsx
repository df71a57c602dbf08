import { CheckIcon, CrossIcon } from './icons.tsx';
import { usePlayer } from './player-context.ts';

interface QuizAnswersProps {
  labelledBy: string;
  answers: string[];
  chosen: number | null;
  /** Known once the answer is graded; the answers are then shown, not offered. */
  correctAnswer: number | null;
  busy: boolean;
  onAnswer: (index: number) => void;
}

/** The answers as buttons; once graded, the correct one and the chosen one are marked in words too. */
export function QuizAnswers({
  labelledBy,
  answers,
  chosen,
  correctAnswer,
  busy,
  onAnswer,
}: QuizAnswersProps) {
  const { text: t } = usePlayer();
  const graded = correctAnswer !== null;
  return (
    <div role="group" aria-labelledby={labelledBy}>
      <ul className="answers">
        {answers.map((answer, i) => {
          const isCorrect = graded && i === correctAnswer;
          const isWrongChoice = graded && i === chosen && !isCorrect;
          const state = isCorrect
            ? ' is-correct'
            : isWrongChoice
              ? ' is-wrong'
              : i === chosen
                ? ' is-chosen'
                : '';
          return (
            <li key={i}>
              <button
                type="button"
                className={`answer${state}`}
                disabled={graded}
                aria-disabled={busy || undefined}
                onClick={() => onAnswer(i)}
              >
                <span className="answer-text">{answer}</span>
                {isCorrect && (
                  <span className="answer-tag">
                    <CheckIcon size={16} />
                    {t('correctAnswer')}
                  </span>
                )}
                {isWrongChoice && (
                  <span className="answer-tag">
                    <CrossIcon size={16} />
                    {t('yourAnswer')}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
