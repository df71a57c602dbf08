import { useEffect, useRef, useState } from 'react';
import { decisionById, decisionEventCodes, endsScenario, type Decisions } from './decision-path.ts';
import { usePlayer } from './player-context.ts';

interface DecisionScenarioProps {
  decisions: Decisions;
  onEnd: () => void;
}

/**
 * A branching story: each situation offers choices, each choice gets feedback and leads on, until a
 * choice ends the story. Every decision is reported with its step; the one that ends it is the last.
 */
export function DecisionScenario({ decisions, onEnd }: DecisionScenarioProps) {
  const { text: t, events } = usePlayer();
  const [currentId, setCurrentId] = useState<string | null>(decisions.start);
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState<number | null>(null);
  const [ended, setEnded] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const item = decisionById(decisions, currentId);
  const option = choice === null ? undefined : item?.options[choice];

  useEffect(() => {
    if (choice !== null) continueRef.current?.focus();
  }, [choice]);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step, ended]);

  function choose(index: number) {
    const picked = item?.options[index];
    if (choice !== null || !picked) return;
    setChoice(index);
    events.onDecision({ step, codes: decisionEventCodes(decisions, picked) });
  }

  function proceed() {
    if (!option) return;
    moved.current = true;
    setChoice(null);
    if (endsScenario(decisions, option)) {
      setEnded(true);
      onEnd();
    } else {
      setCurrentId(option.next);
      setStep(step + 1);
    }
  }

  function restart() {
    moved.current = true;
    setCurrentId(decisions.start);
    setStep(0);
    setChoice(null);
    setEnded(false);
  }

  if (ended || !item) {
    return (
      <section className="card scenario" aria-labelledby="scenario-title">
        <h2 id="scenario-title" ref={headingRef} tabIndex={-1}>
          {t('scenarioEnd')}
        </h2>
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={restart}>
            {t('scenarioRestart')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="card scenario" aria-labelledby="scenario-title">
      <p className="eyebrow">{t('decisionCount', { n: step + 1 })}</p>
      <h2 id="scenario-title" ref={headingRef} tabIndex={-1}>
        {t('scenarioHeading')}
      </h2>
      <p className="situation">{item.situation}</p>
      <div role="group" aria-labelledby="scenario-title">
        <ul className="answers">
          {item.options.map((o, i) => (
            <li key={i}>
              <button
                type="button"
                className={`answer${i === choice ? (o.correct ? ' is-correct' : ' is-wrong') : ''}`}
                disabled={choice !== null}
                onClick={() => choose(i)}
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
