import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShownBand } from '@vigil/shared';
import { bandThemeColor, bandTitle } from '../../../lib/score-bands.ts';
import { useScoreBands } from '../../../lib/session/index.ts';

/** A score in its band's colour (the company's ranges, else spec 2 §9), or N/A when nobody has a score yet. */
export function ScoreValue({ score, size = 'md' }: { score: number | null; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const bands = useScoreBands();
  const band = score === null ? null : bands.band(score);
  if (score === null || !band)
    return (
      <Text size="sm" c="dimmed" component="span">
        {t('assessmentReports.notAvailable')}
      </Text>
    );
  return (
    <Badge
      color={bandThemeColor(band.color)}
      variant="light"
      size={size}
      tt="none"
      title={bandTitle(t, band)}
    >
      {Math.round(score)}%
    </Badge>
  );
}

/** A score as a headline figure in its band's colour, with the band's name; N/A without a score. */
export function ScoreFigure({
  score,
  band: given,
}: {
  score: number | null;
  /** The server's band (a company's branding ranges may differ from the spec's). */
  band?: ShownBand | null;
}) {
  const { t } = useTranslation();
  const bands = useScoreBands();
  const band = given ?? (score === null ? null : bands.band(score));
  if (score === null || !band)
    return (
      <Text fz={36} fw={700} lh={1} c="dimmed">
        {t('assessmentReports.notAvailable')}
      </Text>
    );
  return (
    <Group gap="sm" align="baseline">
      <Text fz={36} fw={700} lh={1} c={bandThemeColor(band.color)}>
        {Math.round(score)}%
      </Text>
      <Badge color={bandThemeColor(band.color)} variant="light" size="lg" tt="none">
        {bandTitle(t, band)}
      </Badge>
    </Group>
  );
}
