import { Outlet, useParams } from 'react-router';
import { AccessDeniedPage } from '../../components/access-denied-page.tsx';
import { useCurrentUser } from '../../lib/session/index.ts';

/** The partner area of one account: for its partner admins and for super-admins (spec 1 §6). */
export function RequirePartnerAccess() {
  const { partnerId } = useParams();
  const user = useCurrentUser().data;
  const allowed = Boolean(
    user && (user.isSuperAdmin || user.superForAccounts.some((account) => account.id === partnerId)),
  );
  return allowed ? <Outlet /> : <AccessDeniedPage />;
}
