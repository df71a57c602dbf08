import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { boardColor, RING_RADIUS, ringStroke, scoreChange, type BoardScore } from '../board-rules.ts';
import { bandTitle } from '../../../lib/score-bands.ts';
import classes from '../infosec-board.module.css';

/**
 * The resilience score in a ring filled to the score, in its band's colour. When the score changes
 * the arc glides to its new length and the number pops, with the change shown beside it for a moment.
 */
export function ScoreRing({ value }: { value: BoardScore }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState({ score: value.score, delta: null as number | null, changes: 0 });
  if (shown.score !== value.score)
    setShown({
      score: value.score,
      delta: scoreChange(shown.score, value.score),
      changes: shown.changes + 1,
    });

  const stroke = ringStroke(value.score);
  const band = bandTitle(t, value.band);
  return (
    <div
      className={classes.scoreRing}
      style={{ '--band-color': boardColor(value.band.color) } as CSSProperties}
      role="img"
      aria-label={t('infosec.scoreLabel', { score: value.score, band })}
      data-testid="infosec-score"
    >
      <svg viewBox="0 0 120 120" aria-hidden>
        <circle className={classes.ringTrack} cx="60" cy="60" r={RING_RADIUS} />
        <circle
          className={classes.ringArc}
          cx="60"
          cy="60"
          r={RING_RADIUS}
          strokeDasharray={stroke.dashArray}
          strokeDashoffset={stroke.dashOffset}
        />
      </svg>
      <div className={classes.ringCenter} aria-hidden>
        <span key={shown.changes} className={classes.scoreNumber} data-changed={shown.changes > 0}>
          {value.score}
        </span>
        <span className={classes.scoreBand}>{band}</span>
        {shown.delta !== null && (
          <span key={`d${shown.changes}`} className={classes.delta} data-up={shown.delta > 0}>
            {shown.delta > 0 ? `▲ ${shown.delta}` : `▼ ${-shown.delta}`}
          </span>
        )}
      </div>
    </div>
  );
}
