import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { TRAINING_MESSAGES, type Company } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StatusPage } from '../../../components/status-page.tsx';
import { useTraining } from '../api/get-training.ts';
import { trainingNotFoundPath, TRAINING_PATHS } from '../training-paths.ts';
import { rememberedChannels } from './channel-memory.ts';
import { channelOptions, StoredCampaign, usableChannelMask, WizardGate } from '../../campaigns/index.ts';
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
  return <TrainingWizard company={company} init={init} />;
}

interface StoredTrainingWizardProps {
  company: Company;
  mode: 'copy' | 'edit';
  trainingId: string | undefined;
}

/** Copy and edit: the wizard works on its own copy of the stored program. */
function StoredTrainingWizard({ company, mode, trainingId }: StoredTrainingWizardProps) {
  const { t } = useTranslation();
  const training = useTraining(company.company_id, trainingId);
  return (
    <StoredCampaign
      id={trainingId}
      query={training}
      notFound={trainingNotFoundPath(translateTrainingMessage(t, TRAINING_MESSAGES.notFound))}
      loading={<WizardSkeleton />}
    >
      {(opened) =>
        mode === 'edit' && opened.status !== 'draft' && opened.status !== 'scheduled' ? (
          <StatusPage
            testId="training-not-editable"
            icon={<IconLock size={36} />}
            color="orange"
            title={opened.name}
            message={translateTrainingMessage(t, TRAINING_MESSAGES.cannotEdit)}
            action={{ to: TRAINING_PATHS.view(opened), label: t('trainingWizard.toOverview') }}
          />
        ) : (
          <TrainingWizard company={company} init={() => draftFromView(opened, mode, new Date())} />
        )
      }
    </StoredCampaign>
  );
}

/**
 * The training program wizard (spec 2 §2) for /trainings/create, /trainings/create/copy/:fromId,
 * /trainings/create_scorm and /trainings/edit/:id.
 */
export function TrainingWizardPage({ mode }: { mode: TrainingWizardMode }) {
  const params = useParams();
  return (
    <WizardGate scorm={mode === 'scorm'} loading={<WizardSkeleton />}>
      {(company) => {
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
      }}
    </WizardGate>
  );
}
