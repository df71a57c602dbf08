import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message.ts';

interface StepProblemsProps {
  problems: readonly string[];
  /** How a problem reads; the plain message translation by default. */
  translate?: (message: string) => string;
}

/** The last save's problems that belong to the step on screen. */
export function StepProblems({ problems, translate }: StepProblemsProps) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  const text = translate ?? ((message: string) => translateMessage(t, message));
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert" data-testid="step-problems">
      {problems.length === 1 ? (
        text(problems[0] ?? '')
      ) : (
        <List size="sm">
          {problems.map((message) => (
            <List.Item key={message}>{text(message)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
