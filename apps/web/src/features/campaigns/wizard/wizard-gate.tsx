import type { UseQueryResult } from '@tanstack/react-query';
import { IconLicenseOff, IconLock } from '@tabler/icons-react';
import { hasRole, isCmi5Enabled, ROLES, TRAINING_MESSAGES, type Company } from '@vigil/shared';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
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

/** Which wizard a route opens: a new campaign, a copy of a stored one, an edit, or a new SCORM one. */
export type CampaignWizardMode = 'create' | 'copy' | 'edit' | 'scorm';

interface CampaignWizardRouteProps {
  mode: CampaignWizardMode;
  /** Shown while the company loads. */
  loading: ReactNode;
  /** The wizard on a stored campaign, given its id from the address (`:fromId` or `:id`). */
  stored: (company: Company, mode: 'copy' | 'edit', id: string | undefined) => ReactNode;
  /** The wizard on a new campaign. */
  fresh: (company: Company, isScorm: boolean) => ReactNode;
}

/**
 * A campaign wizard's route (spec 2 §2: create, create/copy/:fromId, create_scorm, edit/:id) behind
 * the gate. Another campaign in the address is another wizard, not the same one with new data.
 */
export function CampaignWizardRoute({ mode, loading, stored, fresh }: CampaignWizardRouteProps) {
  const params = useParams();
  return (
    <WizardGate scorm={mode === 'scorm'} loading={loading}>
      {(company) => {
        if (mode === 'copy' || mode === 'edit') {
          const id = mode === 'copy' ? params.fromId : params.id;
          return <Fragment key={`${mode}:${id}`}>{stored(company, mode, id)}</Fragment>;
        }
        return <Fragment key={mode}>{fresh(company, mode === 'scorm')}</Fragment>;
      }}
    </WizardGate>
  );
}

interface NotEditablePageProps {
  testId: string;
  name: string;
  /** Why it cannot be edited, in the kind's words. */
  message: string;
  overview: { to: string; label: string };
}

/** Edit opened on a campaign that can no longer be edited: why, and the way to its overview. */
export function NotEditablePage({ testId, name, message, overview }: NotEditablePageProps) {
  return (
    <StatusPage
      testId={testId}
      icon={<IconLock size={36} />}
      color="orange"
      title={name}
      message={message}
      action={overview}
    />
  );
}
