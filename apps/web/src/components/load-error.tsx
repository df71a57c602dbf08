import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isClientError } from '../lib/api-error.ts';
import { translateError } from '../lib/translate-message.ts';

interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
}

/** A load that failed, with the way to try again when another try may help. */
export function LoadError({ error, onRetry }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
      {translateError(t, error)}
      {!isClientError(error) && (
        <Button size="compact-sm" variant="light" color="red" ml="md" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    </Alert>
  );
}
