import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { TRAINING_MESSAGES, type Company, type TrainingView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useTraining } from '../api/get-training.ts';
import { startSubjectsOf, trainingNotFoundPath, TRAINING_PATHS } from '../training-paths.ts';
import { rememberedChannels } from './channel-memory.ts';
import {
  CampaignWizardRoute,
  NotEditablePage,
  StoredCampaign,
  useUsableChannels,
  keepUsableChannels,
  DroppedChannelsNotice,
  type CampaignWizardMode,
} from '../../campaigns/index.ts';
import { TrainingWizard } from './training-wizard.tsx';
import { translateTrainingMessage } from './wizard-messages.ts';
import { draftFromView, newDraft, withStartSubjects } from './wizard-state.ts';

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

/**
 * A new program: untitled, with the channels last chosen for this company (spec 2 §9) that can be
 * used now — known once the server has said which chats are connected — and the subjects the
 * navigation asked it to start with, if any (`newTrainingWith`).
 */
function NewTrainingWizard({ company, isScorm }: { company: Company; isScorm: boolean }) {
  const usable = useUsableChannels(company);
  const start = startSubjectsOf(useLocation().state);
  if (usable === undefined) return <WizardSkeleton />;
  const init = () =>
    withStartSubjects(newDraft(new Date(), isScorm, rememberedChannels(company.company_id, usable)), start);
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
  const usable = useUsableChannels(company);
  if (usable === undefined) return <WizardSkeleton />;
  return (
    <StoredCampaign
      id={trainingId}
      query={training}
      notFound={trainingNotFoundPath(translateTrainingMessage(t, TRAINING_MESSAGES.notFound))}
      loading={<WizardSkeleton />}
    >
      {(opened) =>
        mode === 'edit' && opened.status !== 'draft' && opened.status !== 'scheduled' ? (
          <NotEditablePage
            testId="training-not-editable"
            name={opened.name}
            message={translateTrainingMessage(t, TRAINING_MESSAGES.cannotEdit)}
            overview={{ to: TRAINING_PATHS.view(opened), label: t('trainingWizard.toOverview') }}
          />
        ) : (
          <UsableTrainingWizard company={company} opened={opened} mode={mode} usable={usable} />
        )
      }
    </StoredCampaign>
  );
}

/** A stored program's wizard on the channels that can be used now, saying which were dropped. */
function UsableTrainingWizard({
  company,
  opened,
  mode,
  usable,
}: {
  company: Company;
  opened: TrainingView;
  mode: 'copy' | 'edit';
  usable: number;
}) {
  const { view, dropped } = keepUsableChannels(opened, usable);
  return (
    <>
      <DroppedChannelsNotice dropped={dropped} />
      <TrainingWizard company={company} init={() => draftFromView(view, mode, new Date())} />
    </>
  );
}

/**
 * The training program wizard (spec 2 §2) for /trainings/create, /trainings/create/copy/:fromId,
 * /trainings/create_scorm and /trainings/edit/:id.
 */
export function TrainingWizardPage({ mode }: { mode: CampaignWizardMode }) {
  return (
    <CampaignWizardRoute
      mode={mode}
      loading={<WizardSkeleton />}
      stored={(company, stored, id) => (
        <StoredTrainingWizard company={company} mode={stored} trainingId={id} />
      )}
      fresh={(company, isScorm) => <NewTrainingWizard company={company} isScorm={isScorm} />}
    />
  );
}
