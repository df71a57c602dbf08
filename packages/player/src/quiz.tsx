import { useEffect, useRef, useState } from 'react';
import { usePlayer, type AnswerGrade, type QuizQuestion } from './player-context.ts';
import { QuizAnswers } from './quiz-answers.tsx';

export interface QuizProps {
  questions: QuizQuestion[];
  /** Offers to start again once the result is shown (the manager's preview, with the answers reshuffled). */
  onRestart?: () => void;
}

/**
 * The questions after the lesson, one at a time. The host grades each answer (the learner app's server
 * keeps the first one given to a question; answering again on a later visit simply changes nothing).
 */
export function Quiz({ questions, onRestart }: QuizProps) {
  const { text: t, events, renderDone } = usePlayer();
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const [result, setResult] = useState<AnswerGrade | null>(null);
  const [rightSoFar, setRightSoFar] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [summary, setSummary] = useState<NonNullable<AnswerGrade['progress']> | null>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const question = questions[index];
  const last = index >= questions.length - 1;

  useEffect(() => {
    if (result) nextRef.current?.focus();
  }, [result]);
  useEffect(() => {
    if (moved.current) questionRef.current?.focus();
  }, [index]);

  async function answer(choice: number) {
    if (saving || result) return;
    setChosen(choice);
    setSaving(true);
    setFailed(false);
    try {
      const grade = await events.onAnswer({ question: index, answer: choice });
      setResult(grade);
      if (grade.correct) setRightSoFar((n) => n + 1);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  function next() {
    if (!result) return;
    if (last) {
      setSummary(result.progress ?? { correct: rightSoFar, questions: questions.length, finished: true });
      return;
    }
    moved.current = true;
    setIndex(index + 1);
    setChosen(null);
    setResult(null);
  }

  if (summary) {
    return (
      <section className="card quiz" aria-labelledby="quiz-title">
        <h2 id="quiz-title">{t('quizHeading')}</h2>
        {renderDone({
          takeFocus: true,
          finished: summary.finished,
          detail: t('quizResult', { correct: summary.correct, total: summary.questions }),
        })}
        {onRestart && (
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={onRestart}>
              {t('quizRestart')}
            </button>
          </div>
        )}
      </section>
    );
  }
  if (!question) return null;

  const feedback = result
    ? result.correct
      ? t('answerCorrect')
      : t('answerWrong', { answer: question.answers[result.correctAnswer] ?? '' })
    : saving
      ? t('savingAnswer')
      : failed
        ? t('answerError')
        : '';

  return (
    <section className="card quiz" aria-labelledby="quiz-title">
      <h2 id="quiz-title">{t('quizHeading')}</h2>
      <p className="eyebrow">{t('questionCount', { n: index + 1, total: questions.length })}</p>
      <h3 id="question-text" ref={questionRef} tabIndex={-1} className="question">
        {question.question}
      </h3>
      <QuizAnswers
        labelledBy="question-text"
        answers={question.answers}
        chosen={chosen}
        correctAnswer={result?.correctAnswer ?? null}
        busy={saving}
        onAnswer={answer}
      />
      <p
        role="status"
        className={`feedback-line${result ? (result.correct ? ' is-correct' : ' is-wrong') : ''}`}
      >
        {feedback}
      </p>
      {result && (
        <div className="actions">
          <button ref={nextRef} type="button" className="button button-primary" onClick={next}>
            {last ? t('seeResult') : t('nextQuestion')}
          </button>
        </div>
      )}
    </section>
  );
}
