import { Navigate, useParams } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { useCurrentUser } from '../../lib/session/index.ts';

/** /partner: the first account the manager is partner admin for, otherwise home (spec 3 §2.6). */
export function PartnerRedirect() {
  const first = useCurrentUser().data?.superForAccounts[0];
  return <Navigate to={first ? PATHS.partnerCompanies(first.id) : PATHS.home} replace />;
}

/** /partner/{partnerId}: its companies. */
export function PartnerHomeRedirect() {
  const { partnerId = '' } = useParams();
  return <Navigate to={PATHS.partnerCompanies(partnerId)} replace />;
}
