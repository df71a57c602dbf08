import type { UseQueryResult } from '@tanstack/react-query';
import { IconLicenseOff } from '@tabler/icons-react';
import { hasRole, isCmi5Enabled, ROLES, TRAINING_MESSAGES, type Company } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AccessDeniedPage } from '../../../components/access-denied-page.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCurrentCompany } from '../../../lib/session/index.ts';
import { translateMessage } from '../../../lib/translate-message.ts';

interface WizardGateProps {
  scorm: boolean;
  /** Shown while the company loads. */
  loading: ReactNode;
  children: (company: Company) => ReactNode;
}

/**
 * Who may open a campaign wizard (spec 2 §2): admins only, SCORM only with cmi5 on, and without a
 * licence able to create campaigns "No license available".
 */
export function WizardGate({ scorm, loading, children }: WizardGateProps) {
  const { t } = useTranslation();
  const { company } = useCurrentCompany();
  if (!company) return loading;
  if (!hasRole(company.role, ROLES.admin)) return <AccessDeniedPage />;
  if (scorm && !isCmi5Enabled(company)) return <NotFoundPage />;
  if (!company.canCreateTraining)
    return (
      <StatusPage
        testId="no-license"
        icon={<IconLicenseOff size={36} />}
        color="orange"
        title={translateMessage(t, TRAINING_MESSAGES.noLicense)}
        message={t('trainingWizard.noLicenseText')}
        action={{ to: PATHS.settingsSubscriptions, label: t('trainingWizard.toSubscription') }}
      />
    );
  return children(company);
}

interface StoredCampaignProps<T> {
  id: string | undefined;
  query: UseQueryResult<T>;
  /** Where an unknown id goes. */
  notFound: string;
  loading: ReactNode;
  children: (opened: T) => ReactNode;
}

/**
 * Copy and edit: the stored campaign is loaded once, and the wizard works on it as it was when the
 * wizard opened: saving changes its status, and a check on the reloaded campaign ("already
 * running") must not replace the wizard's success step.
 */
export function StoredCampaign<T>({ id, query, notFound, loading, children }: StoredCampaignProps<T>) {
  const [opened, setOpened] = useState<T | null>(null);
  if (query.data && opened === null) setOpened(query.data);

  if (!id || (query.error instanceof ApiError && [400, 404].includes(query.error.status)))
    return <Navigate to={notFound} replace />;
  if (query.isError && !opened) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!opened) return loading;
  return children(opened);
}
