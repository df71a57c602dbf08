import { Navigate, Outlet } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useCurrentCompany } from '../../../lib/session/index.ts';
import { assessmentAvailability } from '../assessment-availability.ts';
import { AssessmentsLocked } from './assessments-locked.tsx';

/**
 * Every page of /assessment (spec 2 §2): away to / when assessments are off for the company, the
 * plan-locked page when they are shown but not in the plan, else the page itself.
 */
export function AssessmentsArea() {
  const { company } = useCurrentCompany();
  if (!company) return <NotFoundPage />;
  const availability = assessmentAvailability(company);
  if (availability === 'hidden') return <Navigate to={PATHS.home} replace />;
  if (availability === 'locked') return <AssessmentsLocked company={company} />;
  return <Outlet />;
}
