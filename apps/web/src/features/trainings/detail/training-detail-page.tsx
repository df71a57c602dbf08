import { TRAINING_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { isClientError } from '../../../lib/api-error.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useTraining } from '../api/get-training.ts';
import { parseTrainingRef, TRAINING_PATHS, trainingNotFoundPath } from '../training-paths.ts';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { DetailSkeleton } from '../../campaigns/index.ts';
import { TrainingDetail } from './training-detail.tsx';

/**
 * /trainings/{id}/view and /trainings/p{id}/view (spec 2 §2). A draft opens in the edit wizard; a
 * program that cannot be loaded sends the manager to the list with "Training program not found :(".
 */
export function TrainingDetailPage() {
  const { t } = useTranslation();
  const { ref } = useParams();
  const { company_id: companyId } = useCompany();
  const isAdmin = useIsAdmin();
  const parsed = parseTrainingRef(ref);
  const training = useTraining(companyId, parsed?.id);
  const notFound = (
    <Navigate to={trainingNotFoundPath(translateMessage(t, TRAINING_MESSAGES.notFound))} replace />
  );

  if (!parsed) return notFound;
  if (training.isPending) return <DetailSkeleton />;
  // A program already shown stays on screen when a reload fails: after a delete the page leaves on its own.
  if (training.isError && !training.data)
    return isClientError(training.error) ? (
      notFound
    ) : (
      <LoadError error={training.error} onRetry={() => void training.refetch()} />
    );

  const view = training.data;
  if (view.status === 'draft' && view.canEdit) return <Navigate to={TRAINING_PATHS.edit(view.id)} replace />;
  if (view.isScorm !== parsed.scorm) return <Navigate to={TRAINING_PATHS.view(view)} replace />;
  return <TrainingDetail key={view.id} training={view} companyId={companyId} isAdmin={isAdmin} />;
}
