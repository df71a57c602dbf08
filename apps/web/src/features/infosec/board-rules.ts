import {
  scoreBand,
  shownBand,
  type InfosecSummary,
  type ScoreRangeSetting,
  type ShownBand,
} from '@vigil/shared';

/** The ring's circle in SVG units; the stroke is drawn along its circumference. */
export const RING_RADIUS = 54;
const CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;

/** A score clamped to 0–100 and rounded, as the board prints it. */
const shownScore = (score: number) => Math.min(100, Math.max(0, Math.round(score)));

/** A band colour as CSS: a palette band at the shade that reads on the dark background, a branding hex as set. */
export const boardColor = (color: string): string =>
  color.startsWith('#') ? color : `var(--mantine-color-${color}-5)`;

/** The stroke of the score ring: the filled arc's length out of the whole circumference. */
export function ringStroke(score: number): { dashArray: string; dashOffset: number } {
  const filled = (shownScore(score) / 100) * CIRCUMFERENCE;
  return { dashArray: `${CIRCUMFERENCE} ${CIRCUMFERENCE}`, dashOffset: CIRCUMFERENCE - filled };
}

export interface BoardScore {
  score: number;
  /** The spec's band (title a key of `scoreBands`, a Mantine colour) or the company's range. */
  band: ShownBand;
}

type Ranges = readonly ScoreRangeSetting[] | null | undefined;

export const boardScore = (score: number, ranges?: Ranges): BoardScore => ({
  score: shownScore(score),
  band: shownBand(scoreBand(score, ranges)),
});

export interface BoardView {
  resilience: BoardScore;
  areas: { name: string; score: BoardScore | null }[];
  best: ({ name: string } & BoardScore) | null;
  worst: ({ name: string } & BoardScore) | null;
}

/**
 * How many results the board still waits for before it shows a score: null when it shows one, or when
 * nobody has finished an assessment yet (the board then waits for data).
 */
export function missingResults(summary: InfosecSummary): { finished: number; needed: number } | null {
  if (summary.resilienceScore !== null || summary.usersFinished === 0) return null;
  return { finished: summary.usersFinished, needed: summary.minResults };
}

/** What the board draws from a summary; null while too few employees have a result to show a score. */
export function boardView(summary: InfosecSummary, ranges?: Ranges): BoardView | null {
  if (summary.resilienceScore === null) return null;
  const behaviour = (b: InfosecSummary['bestBehaviour']) =>
    b ? { name: b.name, ...boardScore(b.score, ranges) } : null;
  return {
    resilience: boardScore(summary.resilienceScore, ranges),
    areas: summary.areas.map((area) => ({
      name: area.name,
      score: area.score === null ? null : boardScore(area.score, ranges),
    })),
    best: behaviour(summary.bestBehaviour),
    worst: behaviour(summary.worstBehaviour),
  };
}

/** How the shown score moved since the last one, for the change animation; null when it did not. */
export function scoreChange(previous: number | null, current: number | null): number | null {
  if (previous === null || current === null) return null;
  const delta = shownScore(current) - shownScore(previous);
  return delta === 0 ? null : delta;
}
