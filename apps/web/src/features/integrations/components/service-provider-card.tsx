import { Anchor, Card, CopyButton, Group, Stack, Text, Title, Tooltip, ActionIcon } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import type { SsoSettings } from '@vigil/shared';
import { useTranslation } from 'react-i18next';

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('integrations.sso.copied') : t('integrations.sso.copy')}>
              <ActionIcon
                variant="subtle"
                onClick={copy}
                aria-label={t('integrations.sso.copyField', { field: label })}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** Our side of the trust: what the admin enters in the identity provider, and our metadata to download. */
export function ServiceProviderCard({ sp }: { sp: SsoSettings['sp'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" data-testid="sso-service-provider">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('integrations.sso.spTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('integrations.sso.spIntro')}
        </Text>
        <CopyField label={t('integrations.sso.spEntityId')} value={sp.entityId} />
        <CopyField label={t('integrations.sso.spAcs')} value={sp.acsUrl} />
        <Anchor
          href={sp.metadataUrl}
          download
          size="sm"
          display="inline-flex"
          style={{ gap: 4, alignItems: 'center' }}
        >
          <IconDownload size={16} aria-hidden />
          {t('integrations.sso.downloadMetadata')}
        </Anchor>
      </Stack>
    </Card>
  );
}
