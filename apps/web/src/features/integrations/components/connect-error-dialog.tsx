import { Button, Code, Collapse, Modal, Stack, Text } from '@mantine/core';
import { DIRECTORY_MESSAGES } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';

/**
 * Spec 3 §8: the Azure AD connect failure, titled 'Something went wrong', with what the directory said
 * behind 'Show details'.
 */
export function ConnectErrorDialog({
  details,
  text = DIRECTORY_MESSAGES.azureCantConnect,
  onClose,
}: {
  /** What the directory answered; null closes the dialog. */
  details: string | null;
  text?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Modal
      opened={details !== null}
      onClose={() => {
        setShown(false);
        onClose();
      }}
      title={translateMessage(t, DIRECTORY_MESSAGES.somethingWentWrong)}
      centered
    >
      <Stack gap="md" data-testid="connect-error">
        <Text size="sm">{translateMessage(t, text)}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setShown((value) => !value)}
          aria-expanded={shown}
          style={{ alignSelf: 'flex-start' }}
        >
          {shown ? t('integrations.hideDetails') : translateMessage(t, DIRECTORY_MESSAGES.showDetails)}
        </Button>
        <Collapse expanded={shown}>
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            data-testid="connect-error-details"
          >
            {details}
          </Code>
        </Collapse>
        <DialogActions justify="flex-end">
          <Button onClick={onClose}>{t('actions.close')}</Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
