import { isTrainingEnabled } from '@vigil/shared';
import { Outlet } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { useCurrentCompany } from '../../../lib/session/index.ts';
import { TrainingsLocked } from './trainings-locked.tsx';

/** Every page of /trainings: only when training is enabled, otherwise the plan-locked screen. */
export function TrainingsArea() {
  const { company } = useCurrentCompany();
  if (!company) return <NotFoundPage />;
  if (!isTrainingEnabled(company)) return <TrainingsLocked company={company} />;
  return <Outlet />;
}
