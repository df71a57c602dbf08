import { SCHEDULE_TYPES, trainingNameOrDefault, type Company, type TrainingStep } from '@vigil/shared';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../catalog/index.ts';
import { useTrainingAudience } from '../api/get-training.ts';
import { TRAINING_PATHS } from '../training-paths.ts';
import { rememberChannels } from './channel-memory.ts';
import { useCampaignWizard, useWizardNaming, WizardFrame, type WizardFlow } from '../../campaigns/index.ts';
import {
  DEFAULT_PACKAGE_CHOICE,
  PackageChoiceFields,
  PackageReady,
  type PackageChoice,
} from '../../scorm/index.ts';
import { problemsAt, type SaveProblem } from './save-problems.ts';
import { ContentStep } from './steps/content-step.tsx';
import { EmployeesStep } from './steps/employees-step.tsx';
import { GoalStep } from './steps/goal-step.tsx';
import { IntroStep } from './steps/intro-step.tsx';
import { RemindersStep } from './steps/reminders-step.tsx';
import { ScheduleStep } from './steps/schedule-step.tsx';
import { StartStep } from './steps/start-step.tsx';
import { SummaryStep } from './steps/summary-step.tsx';
import { useWizardSave } from './use-wizard-save.ts';
import { translateTrainingMessage } from './wizard-messages.ts';
import {
  closeNeedsConfirm,
  draftReducer,
  lockReason,
  saveStatus,
  stepAllowance,
  toWizardSubject,
  unavailableSubjectsCount,
  wizardAction,
  wizardSteps,
  type DraftState,
} from './wizard-state.ts';

interface TrainingWizardProps {
  company: Company;
  /** Makes the wizard's first state; called once, when the wizard mounts. */
  init: () => DraftState;
}

/** The training program wizard (spec 2 §2): header, stepper, the current step and the actions. */
export function TrainingWizard({ company, init }: TrainingWizardProps) {
  const { t, i18n } = useTranslation();
  const [draft, dispatch] = useReducer(draftReducer, init, (make) => make());
  const [problems, setProblems] = useState<SaveProblem[]>([]);
  const [packageChoice, setPackageChoice] = useState<PackageChoice>(DEFAULT_PACKAGE_CHOICE);
  const { now, channels, selectedLists, selectedUserCount } = useCampaignWizard({
    company,
    draft,
    dispatch,
    useAudience: useTrainingAudience,
    title: draft.id ? t('trainingWizard.title.edit') : t('trainingWizard.title.create'),
  });

  const { categories } = useCategories(company.company_id, i18n.language);
  const catalog = useMemo(
    () =>
      categories?.map((c) => ({
        id: c.id,
        name: c.name,
        subjects: c.subjects.map((s) => toWizardSubject(s, company.subscription)),
      })),
    [categories, company.subscription],
  );
  const subjectsById = useMemo(
    () => catalog && new Map(catalog.flatMap((c) => c.subjects.map((s) => [s.id, s] as const))),
    [catalog],
  );
  // Subjects are shown as the catalogue has them now.
  useEffect(() => {
    if (subjectsById && subjectsById.size > 0) dispatch({ type: 'syncSubjects', catalog: subjectsById });
  }, [subjectsById]);

  const allowed = stepAllowance(draft, selectedUserCount, now);
  const unavailable = unavailableSubjectsCount(draft);

  const goTo = (step: TrainingStep) => {
    setProblems([]);
    dispatch({ type: 'goTo', step });
  };
  const { saveDraft, finish, pending, outcome } = useWizardSave({
    company,
    draft,
    dispatch,
    packageChoice,
    onProblems: (found) => {
      // The first problem's step is opened, so that the message is seen next to its field.
      const place = found[0]?.place;
      if (place && place !== 'name' && place !== draft.step && allowed[place])
        dispatch({ type: 'goTo', step: place });
      setProblems(found);
    },
  });

  const naming = useWizardNaming({
    name: draft.name,
    saveDraft,
    finish,
    closeNeedsConfirm: () => closeNeedsConfirm(draft),
    listPath: TRAINING_PATHS.list,
    sendNow:
      !draft.isScorm && draft.scheduleType === SCHEDULE_TYPES.now
        ? { texts: 'trainingWizard', count: selectedUserCount }
        : null,
  });

  const changeChannel = (kind: 'channel' | 'remindersChannel', mask: number) => {
    dispatch({ type: kind, mask });
    rememberChannels(company.company_id, {
      channel: draft.channel,
      remindersChannel: draft.remindersChannel,
      [kind]: mask,
    });
  };

  const stepProps = { company, draft, dispatch, problems: problemsAt(problems, draft.step) };
  const content = (() => {
    switch (draft.step) {
      case 'goal':
        return <GoalStep {...stepProps} subjectsById={subjectsById} />;
      case 'content':
        return <ContentStep {...stepProps} categories={catalog} />;
      case 'employees':
        return <EmployeesStep {...stepProps} selectedUsersCount={selectedUserCount} />;
      case 'schedule':
        return (
          <ScheduleStep
            {...stepProps}
            now={now}
            channels={channels}
            onChannelChange={(mask) => changeChannel('channel', mask)}
          />
        );
      case 'reminders':
        return (
          <RemindersStep
            {...stepProps}
            channels={channels}
            onChannelChange={(mask) => changeChannel('remindersChannel', mask)}
          />
        );
      case 'intro':
        return <IntroStep {...stepProps} />;
      case 'finalize':
        return (
          <SummaryStep
            {...stepProps}
            now={now}
            allowed={allowed}
            onEdit={goTo}
            lists={selectedLists}
            selectedUsersCount={selectedUserCount}
            packageChoice={
              <PackageChoiceFields kind="training" value={packageChoice} onChange={setPackageChoice} />
            }
          />
        );
      case 'start':
        return (
          <StartStep
            draft={draft}
            updated={outcome === 'updated'}
            packageReady={
              draft.id && (
                <PackageReady
                  kind="training"
                  companyId={company.company_id}
                  id={draft.id}
                  name={trainingNameOrDefault(draft.name)}
                  choice={packageChoice}
                />
              )
            }
          />
        );
    }
  })();

  const flow: WizardFlow<TrainingStep> = {
    step: draft.step,
    steps: wizardSteps(draft.isScorm),
    allowed,
    action: wizardAction(draft),
    lockReason: (step) => {
      const reason = lockReason(draft, selectedUserCount, now, step);
      return reason && translateTrainingMessage(t, reason);
    },
    unavailable:
      unavailable > 0
        ? t('trainingWizard.messages.unavailable', { n: unavailable, m: draft.subjects.length })
        : null,
    scheduled: saveStatus(draft) === 'scheduled',
    goTo,
  };

  return (
    <WizardFrame
      testId="training-wizard"
      flow={flow}
      header={{
        name: draft.name,
        status: draft.status,
        isScorm: draft.isScorm,
        nameProblems: problemsAt(problems, 'name'),
      }}
      onRename={(name) => dispatch({ type: 'rename', name })}
      naming={naming}
      pending={pending}
    >
      {content}
    </WizardFrame>
  );
}
