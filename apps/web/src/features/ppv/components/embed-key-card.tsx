import { Button, Card, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { PpvStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { translateError } from '../../../lib/translate-message.ts';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { useRegenerateKey } from '../api/ppv.ts';

/** The company's embed key; a new one stops every snippet already out, which the dialog says first. */
export function EmbedKeyCard({ status }: { status: PpvStatus }) {
  const { t } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const regenerate = useRegenerateKey(company.company_id);
  const ask = () =>
    openConfirmDialog({
      title: t('ppv.key.regenerateTitle'),
      message: t('ppv.key.regenerateWarning'),
      confirmLabel: t('ppv.key.regenerate'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () => regenerate.mutate(),
    });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>{t('ppv.key.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('ppv.key.hint')}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Code fz="sm" data-testid="ppv-key" style={{ wordBreak: 'break-all' }}>
            {status.apiKey}
          </Code>
          {status.apiKey && (
            <CopyButton value={status.apiKey}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? t('ppv.copied') : t('ppv.copy')}
                </Button>
              )}
            </CopyButton>
          )}
          {isAdmin && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={16} />}
              loading={regenerate.isPending}
              onClick={ask}
              data-testid="ppv-regenerate"
            >
              {t('ppv.key.regenerate')}
            </Button>
          )}
        </Group>
        {regenerate.isError && (
          <Text c="red" size="sm" role="alert">
            {translateError(t, regenerate.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
