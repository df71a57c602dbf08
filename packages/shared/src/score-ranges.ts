/**
 * Score bands (spec 2 §9, spec 3 §9) and the branding score ranges that replace them (spec 3 §3
 * `assessmentScoreRanges`: from_score, to_score, category, color). Every screen, PDF, mail and board that
 * shows a score's band asks these functions, with the company's ranges (its own, else the global ones,
 * else none), so no two of them can disagree.
 */
import { z } from 'zod';
import { SCORE_BANDS } from './constants.ts';

/** One branding score range as stored and sent (spec 3 §3). */
export const ScoreRangeSetting = z.object({
  from_score: z.number({ error: 'Enter a whole number from 0 to 100' }).int().min(0).max(100),
  to_score: z.number({ error: 'Enter a whole number from 0 to 100' }).int().min(0).max(100),
  category: z.string().trim().min(1, 'Enter a category').max(50, 'At most 50 characters'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour like #2f9e44'),
});
export type ScoreRangeSetting = z.infer<typeof ScoreRangeSetting>;

export const SCORE_RANGE_LIMITS = { maxRanges: 10 } as const;

export const SCORE_RANGE_MESSAGES = {
  order: 'From must not be higher than to',
  start: 'The first range must start at 0',
  end: 'The last range must end at 100',
  gap: (after: number) => `No range covers the scores after ${after}`,
  overlap: (at: number) => `This range overlaps the one before it at ${at}`,
} as const;

/**
 * The ranges cover 0–100 exactly once: sorted by their start, the first starts at 0, each starts one
 * after the one before ends, and the last ends at 100. Each problem is reported on the range it is in,
 * so a form shows it next to the field.
 */
export const ScoreRanges = z
  .array(ScoreRangeSetting)
  .min(1, 'Add at least one range')
  .max(SCORE_RANGE_LIMITS.maxRanges, `At most ${SCORE_RANGE_LIMITS.maxRanges} ranges`)
  .superRefine((ranges, c) => {
    const order = ranges.map((r, i) => ({ r, i })).sort((a, b) => a.r.from_score - b.r.from_score);
    order.forEach(({ r, i }, k) => {
      if (r.from_score > r.to_score) {
        c.addIssue({ code: 'custom', path: [i, 'to_score'], message: SCORE_RANGE_MESSAGES.order });
      }
      const before = order[k - 1]?.r;
      if (!before) {
        if (r.from_score !== 0) {
          c.addIssue({ code: 'custom', path: [i, 'from_score'], message: SCORE_RANGE_MESSAGES.start });
        }
      } else if (r.from_score > before.to_score + 1) {
        c.addIssue({
          code: 'custom',
          path: [i, 'from_score'],
          message: SCORE_RANGE_MESSAGES.gap(before.to_score),
        });
      } else if (r.from_score <= before.to_score) {
        c.addIssue({
          code: 'custom',
          path: [i, 'from_score'],
          message: SCORE_RANGE_MESSAGES.overlap(r.from_score),
        });
      }
      if (k === order.length - 1 && r.to_score !== 100) {
        c.addIssue({ code: 'custom', path: [i, 'to_score'], message: SCORE_RANGE_MESSAGES.end });
      }
    });
  });
export type ScoreRanges = z.infer<typeof ScoreRanges>;

/** The colours the spec names for its bands, as drawn on white (PDFs, mails) and as Mantine names them. */
export const BAND_PALETTE = {
  grey: '#ced4da',
  red: '#e03131',
  orange: '#f76707',
  yellow: '#fcc419',
  lime: '#94d82d',
  green: '#2f9e44',
} as const;
export type BandPaletteColor = keyof typeof BAND_PALETTE;

/**
 * A score band: its range, its title and its colour. A spec band's title is one of the spec's names
 * (translated by the apps) and its colour a palette name; a branding range's title is the company's
 * category, shown as written, and its colour #rrggbb.
 */
export interface ScoreRange {
  from: number;
  to: number;
  title: string;
  color: string;
  /** A branding range: its category is shown as it is, not translated. */
  custom?: boolean;
}

const isPalette = (color: string): color is BandPaletteColor => color in BAND_PALETTE;

/** A band's colour as #rrggbb, whether it is a palette name or already hex. */
export const bandHex = (color: string): string => (isPalette(color) ? BAND_PALETTE[color] : color);

/** The bands scores fall into: the company's branding ranges when it has any, else the spec's. */
const bandsByRanges = new WeakMap<readonly ScoreRangeSetting[], readonly ScoreRange[]>();

export function bandsOf(ranges?: readonly ScoreRangeSetting[] | null): readonly ScoreRange[] {
  if (!ranges?.length) return SCORE_BANDS;
  let bands = bandsByRanges.get(ranges);
  if (!bands) {
    bands = brandingBands(ranges);
    bandsByRanges.set(ranges, bands);
  }
  return bands;
}

function brandingBands(ranges: readonly ScoreRangeSetting[]): ScoreRange[] {
  return [...ranges]
    .sort((a, b) => a.from_score - b.from_score)
    .map((r) => ({
      from: r.from_score,
      to: r.to_score,
      title: r.category,
      color: r.color.toLowerCase(),
      custom: true,
    }));
}

/** The band a whole score falls in. */
function bandIn(s: number, bands: readonly ScoreRange[]): ScoreRange {
  const found = bands.find((r) => s >= r.from && s <= r.to);
  if (found) return found;
  const byFrom = [...bands].sort((a, b) => a.from - b.from);
  return byFrom.filter((r) => r.from <= s).pop() ?? byFrom[0]!;
}

/**
 * The band of an assessment score: the spec's five bands (0–24 Very risky … 90+ Excellent), or the
 * company's branding ranges. A score in no range belongs to the highest range starting at or below it,
 * else to the lowest range.
 */
export function scoreBand(score: number, ranges?: readonly ScoreRangeSetting[] | null): ScoreRange {
  const bands = bandsOf(ranges);
  // The spec's bands take the rounded score, branding ranges the floored one (spec 3 §9).
  return bandIn(bands[0]?.custom ? Math.floor(score) : Math.round(score), bands);
}

/** The training report's bands (spec 2 §9), each with its palette colour; 'Not started' is grey. */
export const TRAINING_REPORT_BANDS = [
  { from: 0, to: 24, title: 'Very risky', color: 'red' },
  { from: 25, to: 49, title: 'Risky', color: 'orange' },
  { from: 50, to: 74, title: 'Fair', color: 'yellow' },
  { from: 75, to: 99, title: 'Very good', color: 'lime' },
  { from: 100, to: 100, title: 'Excellent', color: 'green' },
] as const satisfies readonly ScoreRange[];

const NOT_STARTED: ScoreRange = { from: -1, to: -1, title: 'Not started', color: 'grey' };

/**
 * The band of a training report's percent (spec 2 §9): none or at most -1 grey, then 0-24 red, 25-49
 * orange, 50-74 yellow, 75-99 light green, 100 green — unless branding score ranges apply.
 */
export function trainingReportBand(
  percent: number | null,
  ranges?: readonly ScoreRangeSetting[] | null,
): ScoreRange {
  if (percent === null || percent <= -1) return NOT_STARTED;
  // "0-24 red" means below 25: a percent is floored, for the spec's bands as for branding ranges.
  return bandIn(Math.floor(percent), ranges?.length ? bandsOf(ranges) : TRAINING_REPORT_BANDS);
}

/** A band as a payload carries it: title and colour, and `custom` only for a branding range. */
export function shownBand(band: ScoreRange): { title: string; color: string; custom?: boolean } {
  return band.custom
    ? { title: band.title, color: band.color, custom: true }
    : { title: band.title, color: band.color };
}
