import { Badge } from '@mantine/core';
import type { TrainingRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';

interface TrainingStatusBadgeProps {
  training: Pick<TrainingRow, 'status' | 'statusInfo'>;
  size?: 'sm' | 'md' | 'lg';
}

/** A program's status in the server's colour, its label in the interface language (spec 2 §4). */
export function TrainingStatusBadge({ training, size = 'sm' }: TrainingStatusBadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={training.statusInfo.color} variant="light" size={size} tt="none" style={{ flexShrink: 0 }}>
      {t(`trainings.status.${training.status}`)}
    </Badge>
  );
}
