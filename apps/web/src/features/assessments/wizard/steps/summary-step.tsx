import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  ASSESSMENT_MESSAGES,
  ASSESSMENT_SCHEDULE_TYPES,
  assessmentNameOrDefault,
  type AssessmentStep,
  type EmployeeList,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../../components/app-messages.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { useCurrentUser } from '../../../../lib/session/index.ts';
import {
  channelKeysOf,
  PreviewCard,
  SendPreviewButton,
  StepSection,
  SummaryName,
  SummaryTable,
} from '../../../campaigns/index.ts';
import { useSendAssessmentPreview } from '../../api/assessments-api.ts';
import { translateAssessmentError, translateAssessmentMessage } from '../../assessment-messages.ts';
import type { StepProps } from '../step-props.ts';
import { unavailableCount, type StepAllowance } from '../wizard-state.ts';
import { UnavailableQuestions } from './questions-step.tsx';

/** Sends the assessment as it stands to comma-separated addresses (spec 2 §5 Preview recipients). */
function PreviewForm({ company, draft }: Pick<StepProps, 'company' | 'draft'>) {
  const { t } = useTranslation();
  const send = useSendAssessmentPreview(company.company_id);
  const [recipients, setRecipients] = useState(useCurrentUser().data?.email ?? '');
  const blocked = unavailableCount(draft) > 0 || draft.questions.length === 0;
  const submit = () =>
    send.mutate(
      {
        targetEmail: recipients,
        previewQuestions: draft.questions.map((q) => q.id),
        name: assessmentNameOrDefault(draft.name),
        due: draft.due,
        duration: draft.questions.reduce((sum, q) => sum + q.duration, 0),
        personalizeData: draft.personalize,
      },
      {
        onSuccess: () =>
          showMessage({
            type: 'success',
            message: translateAssessmentMessage(t, ASSESSMENT_MESSAGES.previewSent),
          }),
      },
    );
  return (
    <PreviewCard
      title={t('assessments.wizard.preview.title')}
      description={t('assessments.wizard.preview.description')}
      testId="preview-form"
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 280px' }}
          maw={520}
          label={t('assessments.wizard.preview.recipients')}
          description={t('assessments.wizard.preview.recipientsHelp')}
          placeholder="you@example.com, colleague@example.com"
          value={recipients}
          onChange={(event) => setRecipients(event.currentTarget.value)}
          error={send.isError ? translateAssessmentError(t, send.error) : null}
          required
        />
        <SendPreviewButton
          label={t('assessments.wizard.preview.send')}
          onClick={submit}
          sending={send.isPending}
          disabled={blocked || recipients.trim() === ''}
        />
      </Group>
    </PreviewCard>
  );
}

interface SummaryStepProps extends StepProps {
  allowed: StepAllowance;
  onEdit: (step: AssessmentStep) => void;
  lists: readonly EmployeeList[];
  selectedUserCount: number;
  /** A SCORM assessment's package format and variant, under the table. */
  packageChoice?: ReactNode;
}

/** Step 7: everything at a glance, each row with the way back to its step; and a preview send. */
export function SummaryStep({
  company,
  draft,
  allowed,
  onEdit,
  lists,
  selectedUserCount,
  packageChoice,
}: SummaryStepProps) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  const channels = (mask: number) =>
    channelKeysOf(mask)
      .map((key) => t(`trainingWizard.channels.${key}`))
      .join(', ');
  const delivery =
    draft.scheduleType === ASSESSMENT_SCHEDULE_TYPES.date
      ? when(draft.date)
      : t(`assessments.wizard.schedule.types.${draft.scheduleType === -1 ? 'manual' : 'now'}`);
  const rows: { key: string; step: AssessmentStep; value: ReactNode }[] = [
    {
      key: 'name',
      step: 'goal',
      value: (
        <SummaryName
          name={assessmentNameOrDefault(draft.name)}
          needsName={translateAssessmentMessage(t, ASSESSMENT_MESSAGES.needsName)}
        />
      ),
    },
    {
      key: 'questions',
      step: 'content',
      value: t('assessments.wizard.summary.questionsValue', {
        n: draft.questions.length,
        areas: [...new Set(draft.questions.map((q) => q.areaName))].join(', '),
      }),
    },
    {
      key: 'personalize',
      step: 'personalize',
      value: [draft.personalize.companyName, draft.personalize.companyDomain, draft.personalize.emailHR].join(
        ' · ',
      ),
    },
  ];
  if (!draft.isScorm)
    rows.push(
      {
        key: 'employees',
        step: 'employees',
        value: t('assessments.wizard.summary.employeesValue', {
          n: selectedUserCount,
          lists: lists.map((l) => l.name).join(', '),
        }),
      },
      { key: 'delivery', step: 'schedule', value: `${delivery} · ${channels(draft.channel)}` },
      { key: 'due', step: 'schedule', value: when(draft.due) },
      {
        key: 'reminders',
        step: 'reminders',
        value: draft.remindersEnabled
          ? `${draft.reminders.map((r) => when(r.send)).join(', ')} · ${channels(draft.remindersChannel)}`
          : t('assessments.wizard.summary.noReminders'),
      },
    );
  return (
    <StepSection
      title={t('assessments.wizard.summary.title')}
      description={t('assessments.wizard.summary.description')}
    >
      <UnavailableQuestions draft={draft} company={company} />
      <SummaryTable
        rows={rows}
        label={(key) => t(`assessments.wizard.summary.rows.${key}`)}
        editLabel={t('assessments.wizard.summary.edit')}
        allowed={allowed}
        onEdit={onEdit}
        testId="assessment-summary"
      />
      {unavailableCount(draft) > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
          {t('assessments.wizard.summary.blocked')}
        </Alert>
      )}
      {draft.isScorm && packageChoice}
      <Stack>
        <PreviewForm company={company} draft={draft} />
      </Stack>
    </StepSection>
  );
}
