import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PHISHING_MESSAGES, UNTITLED_PHISHING, type Company } from '@vigil/shared';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EmployeeListsStep,
  showWizardError,
  StartedCard,
  useCampaignSave,
  useCampaignWizard,
  useWizardNaming,
  WizardFrame,
  type WizardFlow,
} from '../../campaigns/index.ts';
import { usePhishingAudience, useSavePhishing } from '../api/phishing-api.ts';
import { PHISHING_PATHS } from '../phishing-paths.ts';
import { translatePhishingError, translatePhishingMessage } from '../phishing-messages.ts';
import { ClickStep } from './click-step.tsx';
import { ScheduleStep } from './schedule-step.tsx';
import { SummaryStep } from './summary-step.tsx';
import { TemplatesStep } from './templates-step.tsx';
import {
  buildPhishingSave,
  closeNeedsConfirm,
  draftReducer,
  isRunning,
  lockReason,
  PHISHING_STEPS,
  saveStatus,
  sendsNow,
  stepAllowance,
  wizardAction,
  type PhishingDraft,
  type PhishingStep,
} from './wizard-state.ts';

const nameOrDefault = (name: string) => (name.trim() === '' ? UNTITLED_PHISHING : name);

/** The phishing wizard: templates, employees, send window, what a click leads to, summary, started. */
export function PhishingWizard({ company, init }: { company: Company; init: () => PhishingDraft }) {
  const { t } = useTranslation();
  const [draft, dispatch] = useReducer(draftReducer, init, (make) => make());
  const { now, selectedLists, selectedUserCount } = useCampaignWizard({
    company,
    draft,
    dispatch,
    useAudience: usePhishingAudience,
    title: t(draft.id ? 'phishing.wizard.titleEdit' : 'phishing.wizard.titleCreate'),
  });
  const allowed = stepAllowance(draft, selectedUserCount);
  const goTo = (step: PhishingStep) => dispatch({ type: 'goTo', step });
  const mutation = useSavePhishing(company.company_id);

  const { saveDraft, finish, pending, outcome } = useCampaignSave({
    draft,
    store: async (status, name) =>
      (
        await mutation.mutateAsync({
          id: draft.id,
          body: buildPhishingSave({ ...draft, name }, status, new Date()),
        })
      ).phishing,
    onStored: (saved) => dispatch({ type: 'saved', id: saved.id, status: saved.status }),
    onFailed: (error) => showWizardError(translatePhishingError(t, error)),
    editPath: PHISHING_PATHS.edit,
    saveStatus: saveStatus(draft),
    savedMessage: (update) =>
      translatePhishingMessage(t, update ? PHISHING_MESSAGES.updated : PHISHING_MESSAGES.draftSaved),
    leavesAfterSave: ({ status }) => status === 'scheduled',
    running: isRunning(draft),
    listPath: PHISHING_PATHS.list,
    onStarted: () => goTo('start'),
  });

  const naming = useWizardNaming({
    name: draft.name,
    saveDraft,
    finish,
    closeNeedsConfirm: () => closeNeedsConfirm(draft),
    listPath: PHISHING_PATHS.list,
    sendNow: sendsNow(draft) ? { texts: 'phishing.wizard', count: selectedUserCount } : null,
  });

  const stepProps = { company, draft, dispatch };
  const content = (() => {
    switch (draft.step) {
      case 'templates':
        return <TemplatesStep {...stepProps} />;
      case 'employees':
        return (
          <EmployeeListsStep
            company={company}
            listIds={draft.listIds}
            onToggle={(id, selected) => dispatch({ type: 'toggleList', id, selected })}
            problems={[]}
            selectedUsersCount={selectedUserCount}
            description={t('phishing.wizard.employees.description')}
          />
        );
      case 'schedule':
        return <ScheduleStep {...stepProps} now={now} />;
      case 'click':
        return <ClickStep {...stepProps} />;
      case 'finalize':
        return (
          <SummaryStep
            {...stepProps}
            now={now}
            allowed={allowed}
            onEdit={goTo}
            lists={selectedLists}
            selectedUserCount={selectedUserCount}
          />
        );
      case 'start':
        return (
          <StartedCard
            testId="phishing-started"
            title={t(
              outcome === 'updated' ? 'phishing.wizard.start.updated' : 'phishing.wizard.start.started',
              {
                name: draft.name,
              },
            )}
            listPath={PHISHING_PATHS.list}
            toListLabel={t('phishing.wizard.start.toList')}
            overviewPath={draft.id ? PHISHING_PATHS.view({ id: draft.id }) : PHISHING_PATHS.list}
            toOverviewLabel={t('phishing.wizard.start.toOverview')}
          >
            <Text c="dimmed">{t('phishing.wizard.start.next')}</Text>
          </StartedCard>
        );
    }
  })();

  const flow: WizardFlow<PhishingStep> = {
    step: draft.step,
    steps: PHISHING_STEPS,
    allowed,
    action: wizardAction(draft),
    lockReason: (step) => {
      const reason = lockReason(allowed, step);
      return reason && t(`phishing.wizard.locked.${reason}`);
    },
    unavailable: null,
    scheduled: saveStatus(draft) === 'scheduled',
    goTo,
  };

  return (
    <WizardFrame
      testId="phishing-wizard"
      flow={flow}
      header={{
        name: draft.name,
        status: draft.status,
        isScorm: false,
        nameProblems: [],
        campaign: {
          eyebrow: t('phishing.wizard.eyebrow'),
          nameLabel: t('phishing.wizard.name'),
          nameOrDefault,
        },
      }}
      onRename={(name) => dispatch({ type: 'rename', name })}
      labelKey={(step) => `phishing.wizard.steps.${step}`}
      banner={
        isRunning(draft) &&
        draft.step !== 'start' && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle />} mb="lg" data-testid="edit-banner">
            {t('phishing.wizard.bannerRunning')}
          </Alert>
        )
      }
      naming={naming}
      dialogTexts={{
        nameTexts: {
          title: t('phishing.wizard.nameModal.title'),
          text: t('phishing.wizard.nameModal.text'),
          label: t('phishing.wizard.name'),
          needsName: translatePhishingMessage(t, PHISHING_MESSAGES.needsName),
        },
        closeText: t('phishing.wizard.closeText'),
      }}
      pending={pending}
    >
      {content}
    </WizardFrame>
  );
}
