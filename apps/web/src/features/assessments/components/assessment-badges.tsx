import { Badge, Text } from '@mantine/core';
import type { AssessmentRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { bandThemeColor, bandTitle } from '../../../lib/score-bands.ts';
import { useScoreBands } from '../../../lib/session/index.ts';

/** An assessment's status in the server's colour, its label in the interface language (spec 2 §4). */
export function AssessmentStatusBadge({
  assessment,
}: {
  assessment: Pick<AssessmentRow, 'status' | 'statusInfo'>;
}) {
  const { t } = useTranslation();
  return (
    <Badge color={assessment.statusInfo.color} variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
      {t(`assessments.status.${assessment.status}`)}
    </Badge>
  );
}

/** A resilience score in its band's colour; N/A while nobody has finished (spec 2 §9). */
export function ResilienceScore({ score }: { score: number | null }) {
  const { t } = useTranslation();
  const bands = useScoreBands();
  if (score === null)
    return (
      <Text size="sm" c="dimmed" span>
        {t('assessments.notAvailable')}
      </Text>
    );
  const band = bands.band(score);
  return (
    <Badge color={bandThemeColor(band.color)} variant="light" size="md" tt="none" title={bandTitle(t, band)}>
      {Math.round(score)}%
    </Badge>
  );
}
