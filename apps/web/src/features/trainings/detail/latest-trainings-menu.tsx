import { TRAINING_LIMITS } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { LatestCampaignsMenu } from '../../campaigns/index.ts';
import { useLatestTrainings } from '../api/get-trainings.ts';
import { TrainingStatusBadge } from '../components/training-status-badge.tsx';
import { trainingOpenPath } from '../training-paths.ts';

interface LatestTrainingsMenuProps {
  companyId: string;
  currentId: string;
  isAdmin: boolean;
}

/** The latest ten other programs, to jump to one (spec 2 §2 Training detail). */
export function LatestTrainingsMenu({ companyId, currentId, isAdmin }: LatestTrainingsMenuProps) {
  const { t } = useTranslation();
  const latest = useLatestTrainings(companyId);
  return (
    <LatestCampaignsMenu
      latest={latest}
      currentId={currentId}
      limit={TRAINING_LIMITS.latest}
      buttonLabel={t('trainings.detail.otherTrainings')}
      title={t('trainings.detail.latestTrainings')}
      to={(training) => trainingOpenPath(training, isAdmin)}
      badge={(training) => <TrainingStatusBadge training={training} size="sm" />}
      width={320}
    />
  );
}
