import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scoreBandOf } from './report-rules.ts';

/** A score in its band's colour (spec 2 §9 bands), or N/A when nobody has a score yet. */
export function ScoreValue({ score, size = 'md' }: { score: number | null; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const band = scoreBandOf(score);
  if (score === null || !band)
    return (
      <Text size="sm" c="dimmed" component="span">
        {t('assessmentReports.notAvailable')}
      </Text>
    );
  return (
    <Badge color={band.color} variant="light" size={size} tt="none" title={t(`scoreBands.${band.title}`)}>
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
  band?: { title: string; color: string } | null;
}) {
  const { t } = useTranslation();
  const band = given ?? scoreBandOf(score);
  if (score === null || !band)
    return (
      <Text fz={36} fw={700} lh={1} c="dimmed">
        {t('assessmentReports.notAvailable')}
      </Text>
    );
  return (
    <Group gap="sm" align="baseline">
      <Text fz={36} fw={700} lh={1} c={band.color}>
        {Math.round(score)}%
      </Text>
      <Badge color={band.color} variant="light" size="lg" tt="none">
        {t(`scoreBands.${band.title}`, { defaultValue: band.title })}
      </Badge>
    </Group>
  );
}
