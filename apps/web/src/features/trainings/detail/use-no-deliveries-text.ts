import type { TrainingView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.ts';
import { nextDeliveryDate } from './training-timing.ts';

/** "No deliveries yet — the first batch goes out on …", for the figures and tables that are still empty. */
export function useNoDeliveriesText(
  training: Pick<TrainingView, 'events' | 'firstBatch' | 'date' | 'isScorm'>,
) {
  const { t, i18n } = useTranslation();
  if (training.isScorm) return t('trainings.detail.noDeliveriesScorm');
  const next = nextDeliveryDate(training) ?? training.firstBatch ?? training.date;
  return next
    ? t('trainings.detail.noDeliveriesUntil', { date: formatDateTime(next, i18n.language) })
    : t('trainings.detail.noDeliveries');
}
