import { useTranslation } from 'react-i18next';
import { EmployeeListsStep } from '../../../campaigns/index.ts';
import type { StepProps } from '../step-props.ts';
import { translateTrainingMessage } from '../wizard-messages.ts';

interface EmployeesStepProps extends StepProps {
  selectedUsersCount: number;
}

/** Step 3: the employee lists the program goes to; a new list can be made here from pasted addresses. */
export function EmployeesStep({
  company,
  draft,
  dispatch,
  problems,
  selectedUsersCount,
}: EmployeesStepProps) {
  const { t } = useTranslation();
  return (
    <EmployeeListsStep
      company={company}
      listIds={draft.listIds}
      onToggle={(id, selected) => dispatch({ type: 'toggleList', id, selected })}
      problems={problems}
      translateProblem={(message) => translateTrainingMessage(t, message)}
      selectedUsersCount={selectedUsersCount}
    />
  );
}
