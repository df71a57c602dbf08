import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WizardQuestion } from '../wizard-state.ts';

/** A question's threat area, and "Not in your plan" when the subscription does not include it. */
export function QuestionTags({ question }: { question: Pick<WizardQuestion, 'areaName' | 'unavailable'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge size="xs" variant="default" tt="none">
        {question.areaName}
      </Badge>
      {question.unavailable && (
        <Badge size="xs" color="orange" variant="light" tt="none">
          {t('assessments.wizard.add.notInPlan')}
        </Badge>
      )}
    </>
  );
}
