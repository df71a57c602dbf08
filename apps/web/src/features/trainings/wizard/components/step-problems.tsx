import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateTrainingMessage } from '../wizard-messages.ts';

/** The last save's problems that belong to the step on screen. */
export function StepProblems({ problems }: { problems: readonly string[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert" data-testid="step-problems">
      {problems.length === 1 ? (
        translateTrainingMessage(t, problems[0] ?? '')
      ) : (
        <List size="sm">
          {problems.map((message) => (
            <List.Item key={message}>{translateTrainingMessage(t, message)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
