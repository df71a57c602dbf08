import type { LocalizedInteractive } from '@vigil/shared';
import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CrossIcon } from './icons.tsx';
import { SceneMockup } from './interactive-scenes.tsx';
import {
  allFound,
  currentScene,
  decide,
  proceed,
  startInteractive,
  summarize,
  tap,
  toDecision,
  type TapResult,
} from './interactive-state.ts';
import { usePlayer } from './player-context.ts';

export interface InteractiveSubjectProps {
  body: LocalizedInteractive;
}

/**
 * An interactive subject: per scene, the situation, the mock-up in which the learner finds the red flags
 * (feedback on each, a hint after a wrong tap), then the decision with its feedback; at the end what
 * they found and missed. Each decision is reported (16, and 17 on the last scene) with the scene's
 * result (flags found, choice).
 */
export function InteractiveSubject({ body }: InteractiveSubjectProps) {
  const { text: t, events, renderDone } = usePlayer();
  const [state, setState] = useState(() => startInteractive(body));
  const [last, setLast] = useState<TapResult | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const decideRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const scene = currentScene(body, state);
  const found = state.found[state.scene]!;
  const chosen = scene.decision.choices.find((c) => c.id === state.choices[state.scene]);
  const everyFlag = allFound(body, state);

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [state.scene, state.phase]);
  useEffect(() => {
    if (everyFlag && state.phase === 'find') decideRef.current?.focus();
  }, [everyFlag, state.phase]);
  useEffect(() => {
    if (chosen) nextRef.current?.focus();
  }, [chosen]);

  function onTap(element: string) {
    const next = tap(body, state, element);
    setState(next.state);
    setLast(next.result);
  }

  function onChoose(choiceId: string) {
    const made = decide(body, state, choiceId);
    if (!made) return;
    setState(made.state);
    events.onDecision({ step: state.scene, codes: made.codes });
    events.onInteractive?.({ scene: scene.id, found, choice: choiceId });
  }

  function go(next: typeof state) {
    moved.current = true;
    setLast(null);
    setState(next);
  }

  if (state.phase === 'summary') {
    const summary = summarize(body, state);
    return (
      <section
        className="card interactive"
        aria-labelledby="interactive-title"
        data-testid="interactive-player"
      >
        <h2 id="interactive-title" ref={headingRef} tabIndex={-1}>
          {t('summaryHeading')}
        </h2>
        <p data-testid="interactive-score">
          {t('summaryText', {
            found: summary.found.length,
            total: summary.found.length + summary.missed.length,
            right: summary.rightDecisions,
            decisions: summary.decisions,
          })}
        </p>
        {summary.found.length > 0 && (
          <>
            <h3>{t('summaryFound')}</h3>
            <ul className="flag-list">
              {summary.found.map((f) => (
                <li key={f.id} className="is-correct">
                  <CheckIcon size={18} />
                  <span>
                    <strong>{f.label}</strong> {f.explanation}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        {summary.missed.length > 0 && (
          <>
            <h3>{t('summaryMissed')}</h3>
            <ul className="flag-list" data-testid="interactive-missed">
              {summary.missed.map((f) => (
                <li key={f.id} className="is-wrong">
                  <CrossIcon size={18} />
                  <span>
                    <strong>{f.label}</strong> {f.explanation}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => go(startInteractive(body))}
          >
            {t('scenarioRestart')}
          </button>
        </div>
        {renderDone({ finished: true })}
      </section>
    );
  }

  const flagsCount = scene.flags.length;
  return (
    <section
      className="card interactive"
      aria-labelledby="interactive-title"
      data-testid="interactive-player"
    >
      <p className="eyebrow">{t('sceneCount', { n: state.scene + 1, total: body.scenes.length })}</p>
      <h2 id="interactive-title" ref={headingRef} tabIndex={-1}>
        {state.phase === 'find' ? t('findHeading') : t('decisionHeading')}
      </h2>
      <p className="situation">{scene.situation}</p>
      {state.phase === 'find' && <p className="hint">{t('findHint')}</p>}
      <p className="flag-count" data-testid="flag-count">
        {t('flagCount', { found: found.length, total: flagsCount })}
      </p>
      <SceneMockup
        scene={scene}
        taps={{
          tap: onTap,
          found: (element) => scene.flags.some((f) => f.element === element && found.includes(f.id)),
          active: state.phase === 'find',
        }}
      />
      <div role="status" className="feedback-line" data-testid="tap-feedback">
        {last && last.kind !== 'miss' && (
          <div className="feedback-box is-correct">
            <strong>
              {last.kind === 'found' ? t('flagFound') : t('flagAgain')}: {last.flag.label}
            </strong>
            <p>{last.flag.explanation}</p>
          </div>
        )}
        {last?.kind === 'miss' && (
          <div className="feedback-box is-hint">
            <strong>{t('notAFlag')}</strong>
            <p>
              {t('hintLabel')}: {last.hint}
            </p>
          </div>
        )}
      </div>
      {state.phase === 'find' && (
        <div className="actions">
          <button
            ref={decideRef}
            type="button"
            className={`button ${everyFlag ? 'button-primary' : 'button-secondary'}`}
            onClick={() => go(toDecision(state))}
          >
            {everyFlag ? t('allFoundDecide') : t('toDecision')}
          </button>
        </div>
      )}
      {state.phase === 'decide' && (
        <div className="interactive-decision">
          <h3 id="decision-question">{scene.decision.question}</h3>
          <ul className="answers" role="group" aria-labelledby="decision-question">
            {scene.decision.choices.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`answer${chosen?.id === c.id ? (c.correct ? ' is-correct' : ' is-wrong') : ''}`}
                  disabled={chosen !== undefined}
                  onClick={() => onChoose(c.id)}
                >
                  <span className="answer-text">{c.label}</span>
                </button>
              </li>
            ))}
          </ul>
          <div role="status" className="feedback-line">
            {chosen && (
              <div className={`feedback-box ${chosen.correct ? 'is-correct' : 'is-wrong'}`}>
                <strong>{chosen.correct ? t('goodChoice') : t('riskyChoice')}</strong>
                <p>{chosen.feedback}</p>
              </div>
            )}
          </div>
          {chosen && (
            <div className="actions">
              <button
                ref={nextRef}
                type="button"
                className="button button-primary"
                onClick={() => go(proceed(body, state))}
              >
                {state.scene < body.scenes.length - 1 ? t('nextScene') : t('seeSummary')}
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
