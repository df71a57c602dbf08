import type { AzureConnect, ConnectionTest, DirectoryProduct, GoogleConnect } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../components/app-messages.ts';
import { translateError } from '../../lib/translate-message.ts';
import { useConnect, useTestConnection } from './api/integrations.ts';

/**
 * Connecting or testing a directory (spec 3 §8): 'Connection successful', or 'Connection failed: {error}'
 * with the 'Something went wrong' dialog holding what the directory said.
 */
export function useConnectFlow(companyId: string, product: DirectoryProduct) {
  const { t } = useTranslation();
  const connect = useConnect(companyId, product);
  const test = useTestConnection(companyId, product);
  const [details, setDetails] = useState<string | null>(null);

  const told = (result: ConnectionTest) => {
    if (result.success) {
      showMessage({ type: 'success', message: t('integrationMessages.connectionSuccessful') });
      return;
    }
    const error = result.error ?? t('errors.generic');
    showMessage({ type: 'error', message: t('integrationMessages.connectionFailed', { error }) });
    setDetails(result.details ?? error);
  };
  const failed = (error: unknown) => {
    const text = translateError(t, error);
    showMessage({ type: 'error', message: t('integrationMessages.connectionFailed', { error: text }) });
    setDetails(text);
  };

  return {
    connect: (values: AzureConnect | GoogleConnect) =>
      connect.mutate(values, { onSuccess: told, onError: failed }),
    test: () => test.mutate(undefined, { onSuccess: told, onError: failed }),
    connecting: connect.isPending,
    testing: test.isPending,
    details,
    closeDetails: () => setDetails(null),
  };
}
