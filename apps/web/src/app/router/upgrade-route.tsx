import { isUpgradeAllowed } from '@vigil/shared';
import { Navigate } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { useCurrentCompany } from '../../lib/session/index.ts';
import { UpgradePage } from './lazy-pages.ts';

/** /subscriptions/upgrade: companies on a partner subscription manage it in settings (spec 3 §2.4). */
export function UpgradeRoute() {
  const { company } = useCurrentCompany();
  if (company && !isUpgradeAllowed(company)) return <Navigate to={PATHS.settingsSubscriptions} replace />;
  return <UpgradePage />;
}
