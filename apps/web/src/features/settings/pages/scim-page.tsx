import {
  ActionIcon,
  Alert,
  Anchor,
  Card,
  Code,
  CopyButton,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconCopy } from '@tabler/icons-react';
import { SCIM_MESSAGES, SCIM_TOKEN_PREFIX, ScimTokenSave } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useEntitlements } from '../../../lib/entitlements.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../api/scim-tokens.ts';
import { CredentialsCard } from '../components/credentials-card.tsx';

/** A value to paste into the identity provider, with its copy button. */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code data-testid={testId} style={{ wordBreak: 'break-all', flex: 1 }} fz="sm" p="xs">
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('scim.copied') : t('scim.copy')}>
              <ActionIcon
                variant="light"
                size="lg"
                onClick={copy}
                aria-label={t('scim.copyLabel', { label })}
                data-testid={`${testId}-copy`}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function ConnectionCard({ baseUrl }: { baseUrl: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('scim.connectTitle')}
        </Title>
        <Text size="sm">{t('scim.connectIntro')}</Text>
        {baseUrl ? (
          <CopyField label={t('scim.baseUrl')} value={baseUrl} testId="scim-base-url" />
        ) : (
          <Skeleton height={56} />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('scim.entraTitle')}
          </Text>
          <List size="sm" type="ordered" spacing={4}>
            <List.Item>{t('scim.entra1')}</List.Item>
            <List.Item>{t('scim.entra2')}</List.Item>
            <List.Item>{t('scim.entra3')}</List.Item>
            <List.Item>{t('scim.entra4')}</List.Item>
          </List>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('scim.oktaTitle')}
          </Text>
          <List size="sm" type="ordered" spacing={4}>
            <List.Item>{t('scim.okta1')}</List.Item>
            <List.Item>{t('scim.okta2')}</List.Item>
            <List.Item>{t('scim.okta3')}</List.Item>
          </List>
        </Stack>
        <Text size="sm" c="dimmed">
          {t('scim.whatHappens', { list: SCIM_MESSAGES.everyoneList })}
        </Text>
      </Stack>
    </Card>
  );
}

function TokensCard({ companyId, canCreate }: { companyId: string; canCreate: boolean }) {
  const { t } = useTranslation();
  const tokens = useScimTokens(companyId);
  return (
    <Stack gap="xl">
      <ConnectionCard baseUrl={tokens.data?.baseUrl} />
      <CredentialsCard
        texts={{
          title: t('scim.tokensTitle'),
          create: t('scim.create'),
          name: t('scim.name'),
          nameHint: t('scim.nameHint'),
          empty: t('scim.noTokens'),
          credential: t('scim.token'),
          created: t('scim.created'),
          lastUsed: t('scim.lastUsed'),
          never: t('scim.never'),
          actions: t('scim.actions'),
          createdTitle: t('scim.createdTitle'),
          createdHint: t('scim.createdHint'),
          removeTitle: t('scim.revokeTitle'),
          removeConfirm: SCIM_MESSAGES.confirmRevoke,
          removeAction: t('scim.revokeAction'),
          removeLabel: (name) => t('scim.revoke', { name }),
          status: { header: t('scim.status'), active: t('scim.active'), revoked: t('scim.revoked') },
        }}
        prefix={SCIM_TOKEN_PREFIX}
        testId="scim-token"
        schema={ScimTokenSave}
        query={tokens}
        rows={tokens.data?.rows}
        create={useCreateScimToken(companyId)}
        remove={useRevokeScimToken(companyId)}
        canCreate={canCreate}
        minWidth={620}
      />
    </Stack>
  );
}

/** /settings/integrations/scim: the SCIM base URL to paste into Entra ID or Okta, and the company's tokens. */
export function ScimPage() {
  const { t } = useTranslation();
  const company = useCompany();
  const entitled = useEntitlements()?.features.sso ?? false;
  return (
    <>
      <Anchor component={Link} to={PATHS.settingsIntegrations} size="sm" mb="md" display="inline-block">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          {t('settings.integrations.back')}
        </Group>
      </Anchor>
      <PageHeader title={t('scim.title')} description={t('scim.description')} />
      <Stack gap="xl">
        {!entitled && (
          <Alert color="yellow" variant="light" data-testid="scim-needs-upgrade">
            {t('scim.needsUpgrade')}
          </Alert>
        )}
        <TokensCard companyId={company.company_id} canCreate={entitled} />
      </Stack>
    </>
  );
}
