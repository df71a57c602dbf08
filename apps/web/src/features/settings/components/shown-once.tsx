import { Alert, Button, Code, CopyButton, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { API_KEY_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/** A secret shown once (a new API key's value, a webhook's signing secret), with a copy button. */
export function ShownOnce({ value, hint, onDone }: { value: string; hint: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light">
        {hint}
      </Alert>
      <Code block data-testid="shown-once-value" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      <DialogActions justify="space-between">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              onClick={() => {
                copy();
                showMessage({ type: 'success', message: API_KEY_MESSAGES.copied });
              }}
              data-testid="shown-once-copy"
            >
              {copied ? API_KEY_MESSAGES.copied : t('apiAccess.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone} data-testid="shown-once-done">
          {t('apiAccess.done')}
        </Button>
      </DialogActions>
      <Text size="xs" c="dimmed">
        {t('apiAccess.onceNote')}
      </Text>
    </Stack>
  );
}
