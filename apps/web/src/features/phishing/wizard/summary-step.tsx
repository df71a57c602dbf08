import { PHISHING_MESSAGES, type EmployeeList } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.ts';
import { StepSection, SummaryName, SummaryTable } from '../../campaigns/index.ts';
import { useEnrolPrograms, usePhishingTemplates, useSenderProfiles } from '../api/phishing-api.ts';
import { TestSendForm } from '../components/test-send-form.tsx';
import { translatePhishingMessage } from '../phishing-messages.ts';
import { landingPageLabel } from './click-step.tsx';
import { windowPreview } from './schedule-step.tsx';
import type { StepProps } from './step-props.ts';
import type { PhishingStep } from './wizard-state.ts';

interface SummaryStepProps extends StepProps {
  now: Date;
  allowed: Readonly<Record<PhishingStep, boolean>>;
  onEdit: (step: PhishingStep) => void;
  lists: readonly EmployeeList[];
  selectedUserCount: number;
}

/** Step 5: everything at a glance, each row with the way back to its step; and a test send. */
export function SummaryStep({
  company,
  draft,
  now,
  allowed,
  onEdit,
  lists,
  selectedUserCount,
}: SummaryStepProps) {
  const { t, i18n } = useTranslation();
  const templates = usePhishingTemplates(company.company_id, i18n.language).data ?? [];
  const senders = useSenderProfiles(company.company_id).data ?? [];
  const programs = useEnrolPrograms(company.company_id).data ?? [];
  const chosen = templates.filter((tpl) => draft.templateIds.includes(tpl.id));
  const preview = windowPreview(draft, now);
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const sender = senders.find((s) => s.id === draft.senderProfileId);
  const program = programs.find((p) => p.id === draft.enrolProgramId);

  const rows: { key: string; step: PhishingStep; value: ReactNode }[] = [
    {
      key: 'name',
      step: 'templates',
      value: (
        <SummaryName name={draft.name} needsName={translatePhishingMessage(t, PHISHING_MESSAGES.needsName)} />
      ),
    },
    {
      key: 'templates',
      step: 'templates',
      value:
        draft.templateMode === 'random' && chosen.length === 0
          ? t('phishing.wizard.templates.wholeLibrary', { count: templates.length })
          : `${t(`phishing.templateMode.${draft.templateMode}`)}: ${chosen.map((tpl) => tpl.name).join(', ')}`,
    },
    {
      key: 'employees',
      step: 'employees',
      value: t('phishing.wizard.summary.employeesValue', {
        count: selectedUserCount,
        lists: lists.map((l) => l.name).join(', '),
      }),
    },
    {
      key: 'window',
      step: 'schedule',
      value: [
        draft.startNow ? t('phishing.wizard.schedule.startNow') : draft.start ? when(draft.start) : '—',
        t('phishing.wizard.summary.days', { count: draft.days }),
        draft.hours
          ? t('phishing.wizard.summary.hours', { from: draft.hours.from, to: draft.hours.to })
          : t('phishing.wizard.summary.anyHour'),
        draft.weekdaysOnly ? t('phishing.wizard.summary.weekdays') : null,
        draft.timeZone,
        preview?.last ? t('phishing.wizard.summary.lastBy', { date: when(preview.last) }) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    },
    { key: 'recurrence', step: 'schedule', value: t(`phishing.recurrence.${draft.recurrence}`) },
    {
      key: 'sender',
      step: 'click',
      value: sender ? `${sender.name} (${sender.domain})` : t('phishing.wizard.click.defaultSender'),
    },
    {
      key: 'landing',
      step: 'click',
      value: draft.landingPageId
        ? landingPageLabel(draft.landingPageId)
        : t('phishing.wizard.click.templateLanding'),
    },
    {
      key: 'onClick',
      step: 'click',
      value:
        draft.onClick === 'enrol'
          ? `${t('phishing.onClick.enrol')}: ${program?.name ?? '—'}`
          : t('phishing.onClick.teachable-moment'),
    },
    {
      key: 'tracking',
      step: 'click',
      value: t('phishing.wizard.summary.trackingValue', { count: draft.trackingDays }),
    },
  ];

  return (
    <StepSection
      title={t('phishing.wizard.summary.title')}
      description={t('phishing.wizard.summary.description')}
    >
      <SummaryTable
        rows={rows}
        label={(key) => t(`phishing.wizard.summary.rows.${key}`)}
        editLabel={t('phishing.wizard.summary.edit')}
        allowed={allowed}
        onEdit={onEdit}
        testId="phishing-summary"
      />
      <TestSendForm
        companyId={company.company_id}
        senderProfileId={draft.senderProfileId}
        templates={chosen.length > 0 ? chosen : templates}
      />
    </StepSection>
  );
}
