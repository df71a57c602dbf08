import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { IconLicenseOff, IconLock } from '@tabler/icons-react';
import {
  hasRole,
  ROLES,
  TRAINING_MESSAGES,
  type Company,
  type TrainingView,
  isCmi5Enabled,
} from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AccessDeniedPage } from '../../../components/access-denied-page.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCurrentCompany } from '../../../lib/session/index.ts';
import { useTraining } from '../api/get-training.ts';
import { trainingNotFoundPath, TRAINING_PATHS } from '../training-paths.ts';
import { rememberedChannels } from './channel-memory.ts';
import { channelOptions, usableChannelMask } from './channel-options.ts';
import { TrainingWizard } from './training-wizard.tsx';
import { translateTrainingMessage } from './wizard-messages.ts';
import { draftFromView, newDraft } from './wizard-state.ts';

export type TrainingWizardMode = 'create' | 'copy' | 'edit' | 'scorm';

/** The wizard's shape while the program loads. */
function WizardSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" aria-busy="true" aria-label={t('trainingWizard.loading')} data-testid="wizard-loading">
      <Stack gap={6}>
        <Skeleton h={12} w={120} />
        <Skeleton h={36} w={320} maw="100%" />
      </Stack>
      <Group gap="md" wrap="nowrap">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} h={30} circle />
        ))}
      </Group>
      <Card>
        <Skeleton h={20} w="35%" mb="lg" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={56} mb="sm" />
        ))}
      </Card>
    </Stack>
  );
}

/** A new program: untitled, with the channels last chosen for this company (spec 2 §9). */
function NewTrainingWizard({ company, isScorm }: { company: Company; isScorm: boolean }) {
  const init = () =>
    newDraft(
      new Date(),
      isScorm,
      rememberedChannels(company.company_id, usableChannelMask(channelOptions(company))),
    );
  return <TrainingWizard company={company} init={init} openedExisting={false} />;
}

/** Copy and edit: the stored program is loaded once; the wizard then works on its own copy of it. */
interface StoredTrainingWizardProps {
  company: Company;
  mode: 'copy' | 'edit';
  trainingId: string | undefined;
}

function StoredTrainingWizard({ company, mode, trainingId }: StoredTrainingWizardProps) {
  const { t } = useTranslation();
  const training = useTraining(company.company_id, trainingId);
  // The program as it was when the wizard opened: saving from the wizard changes its status, and an
  // "already running" check on the reloaded program must not replace the wizard's success step.
  const [opened, setOpened] = useState<TrainingView | null>(null);
  if (training.data && opened === null) setOpened(training.data);

  if (!trainingId || (training.error instanceof ApiError && [400, 404].includes(training.error.status)))
    return (
      <Navigate to={trainingNotFoundPath(translateTrainingMessage(t, TRAINING_MESSAGES.notFound))} replace />
    );
  if (training.isError && !opened)
    return <LoadError error={training.error} onRetry={() => void training.refetch()} />;
  if (!opened) return <WizardSkeleton />;

  if (mode === 'edit' && opened.status !== 'draft' && opened.status !== 'scheduled')
    return (
      <StatusPage
        testId="training-not-editable"
        icon={<IconLock size={36} />}
        color="orange"
        title={opened.name}
        message={translateTrainingMessage(t, TRAINING_MESSAGES.cannotEdit)}
        action={{ to: TRAINING_PATHS.view(opened), label: t('trainingWizard.toOverview') }}
      />
    );
  return (
    <TrainingWizard
      company={company}
      init={() => draftFromView(opened, mode, new Date())}
      openedExisting={mode === 'edit'}
    />
  );
}

/**
 * The training program wizard (spec 2 §2) for /trainings/create, /trainings/create/copy/:fromId,
 * /trainings/create_scorm and /trainings/edit/:id. Admins only; without a licence able to create
 * trainings it says "No license available".
 */
export function TrainingWizardPage({ mode }: { mode: TrainingWizardMode }) {
  const { t } = useTranslation();
  const { company } = useCurrentCompany();
  const params = useParams();
  if (!company) return <WizardSkeleton />;
  if (!hasRole(company.role, ROLES.admin)) return <AccessDeniedPage />;
  if (mode === 'scorm' && !isCmi5Enabled(company)) return <NotFoundPage />;
  if (!company.canCreateTraining)
    return (
      <StatusPage
        testId="no-license"
        icon={<IconLicenseOff size={36} />}
        color="orange"
        title={translateTrainingMessage(t, TRAINING_MESSAGES.noLicense)}
        message={t('trainingWizard.noLicenseText')}
        action={{ to: PATHS.settingsSubscriptions, label: t('trainingWizard.toSubscription') }}
      />
    );
  if (mode === 'copy' || mode === 'edit') {
    const trainingId = mode === 'copy' ? params.fromId : params.id;
    // Another program in the address is another wizard, not the same one with new data.
    return (
      <StoredTrainingWizard
        key={`${mode}:${trainingId}`}
        company={company}
        mode={mode}
        trainingId={trainingId}
      />
    );
  }
  return <NewTrainingWizard key={mode} company={company} isScorm={mode === 'scorm'} />;
}
