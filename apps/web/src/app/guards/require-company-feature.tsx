import type { Company } from '@vigil/shared';
import type { ReactNode } from 'react';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useCurrentCompany } from '../../lib/session/index.ts';

interface RequireCompanyFeatureProps {
  /** Whether the current company has the feature; without it the route does not exist. */
  enabled: (company: Company) => boolean;
  children: ReactNode;
}

export function RequireCompanyFeature({ enabled, children }: RequireCompanyFeatureProps) {
  const { company } = useCurrentCompany();
  if (!company || !enabled(company)) return <NotFoundPage />;
  return children;
}
