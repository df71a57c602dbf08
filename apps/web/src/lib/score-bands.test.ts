import type { TFunction } from 'i18next';
import { scoreBand, trainingReportBand } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { bandColor, bandCssColor, bandTint, bandTitle } from './score-bands.ts';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;
const ranges = [
  { from_score: 0, to_score: 49, category: 'Needs work', color: '#5F3DC4' },
  { from_score: 50, to_score: 100, category: 'On track', color: '#0b7285' },
];

describe('score bands on screen', () => {
  it('draws the spec’s bands in theme colours and translates their names', () => {
    const band = scoreBand(30);
    expect(bandColor(band.color)).toBe('orange.6');
    expect(bandCssColor(band.color, 5)).toBe('var(--mantine-color-orange-5)');
    expect(bandTint(band.color)).toEqual({
      bg: 'var(--mantine-color-orange-light)',
      c: 'var(--mantine-color-orange-light-color)',
    });
    expect(bandTitle(t, band)).toBe('«scoreBands.Risky»');
  });

  it('draws a company’s ranges in their own colours, names as written, tinted text readable', () => {
    const band = scoreBand(30, ranges);
    expect(bandColor(band.color)).toBe('#5f3dc4');
    expect(bandCssColor(band.color)).toBe('#5f3dc4');
    expect(bandTint(band.color).bg).toBe('color-mix(in srgb, #5f3dc4 14%, transparent)');
    expect(bandTitle(t, band)).toBe('Needs work');
    expect(bandColor(trainingReportBand(75, ranges).color)).toBe('#0b7285');
    expect(bandColor(trainingReportBand(null, ranges).color)).toBe('grey.6');
  });
});
