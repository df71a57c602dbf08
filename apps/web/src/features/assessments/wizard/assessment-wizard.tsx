import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  ASSESSMENT_MESSAGES,
  ASSESSMENT_SCHEDULE_TYPES,
  assessmentNameOrDefault,
  type AssessmentStep,
  type Company,
} from '@vigil/shared';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.ts';
import {
  EmployeeListsStep,
  useCampaignWizard,
  useWizardNaming,
  WizardFrame,
  type WizardFlow,
} from '../../campaigns/index.ts';
import {
  DEFAULT_PACKAGE_CHOICE,
  PackageChoiceFields,
  PackageReady,
  type PackageChoice,
} from '../../scorm/index.ts';
import { useAssessmentAudience, useQuestions, useThreatAreas } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS } from '../assessment-paths.ts';
import { translateAssessmentMessage } from '../assessment-messages.ts';
import { GoalStep } from './steps/goal-step.tsx';
import { PersonalizeStep } from './steps/personalize-step.tsx';
import { QuestionsStep } from './steps/questions-step.tsx';
import { RemindersStep } from './steps/reminders-step.tsx';
import { ScheduleStep } from './steps/schedule-step.tsx';
import { StartStep } from './steps/start-step.tsx';
import { SummaryStep } from './steps/summary-step.tsx';
import { useAssessmentSave } from './use-assessment-save.ts';
import {
  closeNeedsConfirm,
  draftDateProblems,
  draftReducer,
  isRunning,
  lockReason,
  saveStatus,
  showsEditBanner,
  stepAllowance,
  toWizardQuestion,
  unavailableCount,
  wizardAction,
  wizardSteps,
  type AssessmentDraft,
} from './wizard-state.ts';

/** "Choose template" reads "Template" once the manager has moved on, as in the training wizard. */
const stepLabelKey = (step: AssessmentStep, current: AssessmentStep) =>
  step === 'goal' && current !== 'goal'
    ? 'assessments.wizard.steps.goalDone'
    : `assessments.wizard.steps.${step}`;

/** The assessment wizard (spec 2 §2): header, stepper, the current step and the actions. */
export function AssessmentWizard({ company, init }: { company: Company; init: () => AssessmentDraft }) {
  const { t, i18n } = useTranslation();
  const [draft, dispatch] = useReducer(draftReducer, init, (make) => make());
  const { now, channels, selectedLists, selectedUserCount } = useCampaignWizard({
    company,
    draft,
    dispatch,
    useAudience: useAssessmentAudience,
    title: t(draft.id ? 'assessments.wizard.titleEdit' : 'assessments.wizard.titleCreate'),
  });

  const questions = useQuestions(company.company_id, i18n.language);
  const areas = useThreatAreas(company.company_id, i18n.language);
  const catalog = useMemo(
    () => questions.data?.map((q) => toWizardQuestion(q, company.subscription)),
    [questions.data, company.subscription],
  );
  const questionsById = useMemo(() => catalog && new Map(catalog.map((q) => [q.id, q] as const)), [catalog]);
  useEffect(() => {
    if (questionsById && questionsById.size > 0) dispatch({ type: 'syncQuestions', catalog: questionsById });
  }, [questionsById]);

  const allowed = stepAllowance(draft, selectedUserCount, now);
  const unavailable = unavailableCount(draft);
  const dateProblems = draftDateProblems(draft, now, (d) => formatDateTime(d.toISOString(), i18n.language));

  const goTo = (step: AssessmentStep) => dispatch({ type: 'goTo', step });
  const [packageChoice, setPackageChoice] = useState<PackageChoice>(DEFAULT_PACKAGE_CHOICE);
  const { saveDraft, finish, pending, outcome } = useAssessmentSave(company, draft, dispatch, packageChoice);

  const naming = useWizardNaming({
    name: draft.name,
    saveDraft,
    finish,
    closeNeedsConfirm: () => closeNeedsConfirm(draft),
    listPath: ASSESSMENT_PATHS.list,
    sendNow:
      // An assessment already out sends nothing again when it is updated.
      !draft.isScorm && !isRunning(draft) && draft.scheduleType === ASSESSMENT_SCHEDULE_TYPES.now
        ? { texts: 'assessments.wizard', count: selectedUserCount }
        : null,
  });

  const stepProps = { company, draft, dispatch };
  const content = (() => {
    switch (draft.step) {
      case 'goal':
        return <GoalStep {...stepProps} questionsById={questionsById} />;
      case 'content':
        return <QuestionsStep {...stepProps} catalog={catalog} areas={areas.data} />;
      case 'personalize':
        return <PersonalizeStep {...stepProps} />;
      case 'employees':
        return (
          <EmployeeListsStep
            company={company}
            listIds={draft.listIds}
            onToggle={(id, selected) => dispatch({ type: 'toggleList', id, selected })}
            problems={[]}
            selectedUsersCount={selectedUserCount}
            description={t('assessments.wizard.employees.description')}
          />
        );
      case 'schedule':
        return (
          <ScheduleStep
            {...stepProps}
            now={now}
            problems={dateProblems}
            channels={channels}
            onChannelChange={(mask) => dispatch({ type: 'channel', mask })}
          />
        );
      case 'reminders':
        return (
          <RemindersStep
            {...stepProps}
            now={now}
            problems={dateProblems}
            channels={channels}
            onChannelChange={(mask) => dispatch({ type: 'remindersChannel', mask })}
          />
        );
      case 'finalize':
        return (
          <SummaryStep
            {...stepProps}
            allowed={allowed}
            onEdit={goTo}
            lists={selectedLists}
            selectedUserCount={selectedUserCount}
            packageChoice={
              <PackageChoiceFields kind="assessment" value={packageChoice} onChange={setPackageChoice} />
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
                  kind="assessment"
                  companyId={company.company_id}
                  id={draft.id}
                  name={assessmentNameOrDefault(draft.name)}
                  choice={packageChoice}
                />
              )
            }
          />
        );
    }
  })();

  const flow: WizardFlow<AssessmentStep> = {
    step: draft.step,
    steps: wizardSteps(draft.isScorm),
    allowed,
    action: wizardAction(draft),
    lockReason: (step) => {
      const reason = lockReason(allowed, draft.isScorm, step);
      return reason && t(`assessments.wizard.locked.${reason}`);
    },
    unavailable:
      unavailable > 0
        ? t('assessments.messages.unavailable', { x: unavailable, y: draft.questions.length })
        : null,
    scheduled: saveStatus(draft) === 'scheduled',
    goTo,
  };

  return (
    <WizardFrame
      testId="assessment-wizard"
      flow={flow}
      header={{
        name: draft.name,
        status: draft.status,
        isScorm: draft.isScorm,
        nameProblems: [],
        campaign: {
          eyebrow: t('assessments.wizard.eyebrow'),
          nameLabel: t('assessments.wizard.name'),
          nameOrDefault: assessmentNameOrDefault,
        },
      }}
      onRename={(name) => dispatch({ type: 'rename', name })}
      labelKey={stepLabelKey}
      banner={
        showsEditBanner(draft) &&
        draft.step !== 'start' && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle />} mb="lg" data-testid="edit-banner">
            {t(
              draft.status === 'active'
                ? 'assessments.wizard.bannerActive'
                : 'assessments.wizard.bannerScheduled',
            )}
          </Alert>
        )
      }
      naming={naming}
      dialogTexts={{
        nameTexts: {
          title: t('assessments.wizard.nameModal.title'),
          text: t('assessments.wizard.nameModal.text'),
          label: t('assessments.wizard.name'),
          needsName: translateAssessmentMessage(t, ASSESSMENT_MESSAGES.needsName),
        },
        closeText: t('assessments.wizard.closeText'),
      }}
      pending={pending}
    >
      {content}
    </WizardFrame>
  );
}
