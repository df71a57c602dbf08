import type { DecisionStep } from '@vigil/shared';
import { useEffect, useRef, useState } from 'react';
import { DecisionFeedback } from './decision-feedback.tsx';
import {
  choose,
  currentDecision,
  feedbackTable,
  hasEnded,
  outcome,
  resetDecisions,
  startDecisions,
  viewAnswer,
  type DecisionState,
  type DecisionStory,
} from './decision-path.ts';
import { usePlayer } from './player-context.ts';

export interface DecisionScenarioProps {
  story: DecisionStory;
  onEnd?: () => void;
  /**
   * The manager's preview: 'View answer' (the path of right choices in the table) and 'Reset' at any
   * step, and a mark once the story was played to an end (the subject counts as tried).
   */
  revealAnswers?: boolean;
}

/**
 * A branching story: each situation offers choices, each choice gets feedback and leads on, until a
 * choice ends the story; then whether every decision was right, with the feedback on each (spec 3
 * §2.2). Every decision is reported with its step; the one that ends it is the last.
 */
export function DecisionScenario({ story, onEnd, revealAnswers = false }: DecisionScenarioProps) {
  const { text: t, events } = usePlayer();
  const [state, setState] = useState(() => startDecisions(story));
  /** The step just answered, shown with its feedback until the employee goes on. */
  const [answered, setAnswered] = useState<{ step: DecisionStep; option: number } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const step = answered?.step ?? currentDecision(story, state);
  const option = answered ? answered.step.options[answered.option] : undefined;
  const ended = !answered && hasEnded(state);

  useEffect(() => {
    if (answered) continueRef.current?.focus();
  }, [answered]);
  const onScreen = state.current;
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [onScreen, state.showingAnswer, ended]);

  function pick(index: number) {
    if (answered || !step) return;
    const picked = choose(story, state, index);
    if (!picked) return;
    events.onDecision({ step: state.log.length, codes: picked.codes });
    setState(picked.state);
    setAnswered({ step, option: index });
  }

  function proceed() {
    if (!answered) return;
    moved.current = true;
    setAnswered(null);
    if (hasEnded(state)) onEnd?.();
  }

  function show(next: DecisionState) {
    moved.current = true;
    setAnswered(null);
    setState(next);
  }

  const tools = revealAnswers && (
    <div className="scenario-tools">
      {state.tried && (
        <span className="tag" data-testid="decision-tried">
          {t('scenarioTried')}
        </span>
      )}
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => show(viewAnswer(story, state))}
        disabled={state.showingAnswer}
      >
        {t('viewAnswer')}
      </button>
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => show(resetDecisions(story, state))}
      >
        {t('resetScenario')}
      </button>
    </div>
  );

  if (state.showingAnswer) {
    return (
      <section className="card scenario" aria-labelledby="scenario-title" data-testid="decision-player">
        {tools}
        <h2 id="scenario-title" ref={headingRef} tabIndex={-1}>
          {t('answerTitle')}
        </h2>
        <p>{t('answerText')}</p>
        <DecisionFeedback
          rows={feedbackTable(story, state.log)}
          caption={t('answerCaption')}
          choiceLabel={t('columnRightChoice')}
        />
      </section>
    );
  }

  if (ended || !step) {
    const result = outcome(state.log);
    return (
      <section className="card scenario" aria-labelledby="scenario-title" data-testid="decision-player">
        {tools}
        <h2 id="scenario-title" ref={headingRef} tabIndex={-1}>
          {t('scenarioEnd')}
        </h2>
        {state.log.length > 0 && (
          <>
            <div
              className={`feedback-box ${result === 'correct' ? 'is-correct' : 'is-wrong'}`}
              data-testid="decision-outcome"
              data-outcome={result}
            >
              <strong>{t(result === 'correct' ? 'outcomeCorrect' : 'outcomeIncorrect')}</strong>
              <p>{t(result === 'correct' ? 'outcomeCorrectText' : 'outcomeIncorrectText')}</p>
            </div>
            <DecisionFeedback
              rows={feedbackTable(story, state.log)}
              caption={t('feedbackCaption')}
              choiceLabel={t('columnYourChoice')}
            />
          </>
        )}
        {!revealAnswers && (
          <div className="actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => show(startDecisions(story))}
            >
              {t('scenarioRestart')}
            </button>
          </div>
        )}
      </section>
    );
  }

  return (
    <section className="card scenario" aria-labelledby="scenario-title" data-testid="decision-player">
      {tools}
      <p className="eyebrow">{t('decisionCount', { n: state.log.length + (answered ? 0 : 1) })}</p>
      <h2 id="scenario-title" ref={headingRef} tabIndex={-1}>
        {t('scenarioHeading')}
      </h2>
      <p className="situation">{step.situation}</p>
      <div role="group" aria-labelledby="scenario-title">
        <ul className="answers">
          {step.options.map((o, i) => (
            <li key={i}>
              <button
                type="button"
                className={`answer${answered?.option === i ? (o.correct ? ' is-correct' : ' is-wrong') : ''}`}
                disabled={answered !== null}
                onClick={() => pick(i)}
              >
                <span className="answer-text">{o.label}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div role="status" className="feedback-line">
        {option && (
          <div className={`feedback-box ${option.correct ? 'is-correct' : 'is-wrong'}`}>
            <strong>{option.correct ? t('goodChoice') : t('riskyChoice')}</strong>
            {option.feedback && <p>{option.feedback}</p>}
          </div>
        )}
      </div>
      {option && (
        <div className="actions">
          <button ref={continueRef} type="button" className="button button-primary" onClick={proceed}>
            {t('continue')}
          </button>
        </div>
      )}
    </section>
  );
}
