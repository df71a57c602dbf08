import type { Company } from '@vigil/shared';
import type { ReactNode } from 'react';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useCurrentCompany } from '../../lib/session/index.ts';

interface RequireCompanyFeatureProps {
  /** Whether the current company has the feature; without it the route does not exist. */
  enabled: (company: Company) => boolean;
  /** What shows without the feature: the Page not found page unless told otherwise. */
  otherwise?: ReactNode;
  children: ReactNode;
}

export function RequireCompanyFeature({ enabled, otherwise, children }: RequireCompanyFeatureProps) {
  const { company } = useCurrentCompany();
  if (!company || !enabled(company)) return otherwise ?? <NotFoundPage />;
  return children;
}
