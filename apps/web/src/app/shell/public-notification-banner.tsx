import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPublicNotification, NOTIFICATION_COLORS } from './public-notification.ts';

const DISMISSED_KEY = 'vigil.notificationDismissed';

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The site-wide notice of the public notification file, loaded once per session; dismissed, it stays
 * away for the session unless its message changes. Its message is shown as plain text.
 */
export function PublicNotificationBanner() {
  const { t } = useTranslation();
  const notification = useQuery({
    queryKey: ['public-notification'],
    queryFn: ({ signal }) => fetchPublicNotification(signal),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [dismissed, setDismissed] = useState(readDismissed);
  const data = notification.data;
  if (!data || dismissed === data.message) return null;

  const dismiss = () => {
    setDismissed(data.message);
    try {
      sessionStorage.setItem(DISMISSED_KEY, data.message);
    } catch {
      // Without storage the notice is hidden until the page is loaded again.
    }
  };

  return (
    <Alert
      color={NOTIFICATION_COLORS[data.type]}
      variant="light"
      mb="xl"
      icon={<IconInfoCircle />}
      withCloseButton
      closeButtonLabel={t('notification.dismiss')}
      onClose={dismiss}
      data-testid="public-notification"
    >
      {data.message}
    </Alert>
  );
}
