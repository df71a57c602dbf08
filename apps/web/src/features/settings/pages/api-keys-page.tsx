import { Anchor, Stack } from '@mantine/core';
import { API_KEY_MESSAGES, ApiKeySave } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useRenameApiKey } from '../api/api-keys.ts';
import { CredentialsCard } from '../components/credentials-card.tsx';
import { WebhooksCard } from '../components/webhooks-card.tsx';
import { areApiKeysHidden } from '../settings-sections.ts';

function ApiKeysCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const keys = useApiKeys(companyId);
  return (
    <CredentialsCard
      texts={{
        title: t('apiAccess.keysTitle'),
        create: t('apiAccess.create'),
        name: t('apiAccess.name'),
        nameHint: t('apiAccess.nameHint'),
        empty: t('apiAccess.noKeys'),
        credential: t('apiAccess.key'),
        created: t('apiAccess.created'),
        lastUsed: t('apiAccess.lastUsed'),
        never: t('apiAccess.never'),
        actions: t('apiAccess.actions'),
        createdTitle: t('apiAccess.createdTitle'),
        createdHint: t('apiAccess.createdHint'),
        removeTitle: t('apiAccess.deleteTitle'),
        removeConfirm: API_KEY_MESSAGES.confirmDelete,
        removeAction: t('actions.delete'),
        removeLabel: (name) => t('apiAccess.delete', { name }),
        renameTitle: t('apiAccess.renameTitle'),
        renameLabel: (name) => t('apiAccess.rename', { name }),
      }}
      prefix="vigil_"
      testId="api-key"
      schema={ApiKeySave}
      query={keys}
      rows={keys.data?.rows}
      create={useCreateApiKey(companyId)}
      remove={useDeleteApiKey(companyId)}
      rename={useRenameApiKey(companyId)}
      minWidth={560}
    />
  );
}

/** /settings/apikeys: the company's API keys and webhooks (admins; hidden by ui.api_keys_hidden). */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const company = useCompany();
  if (areApiKeysHidden(company)) return <NotFoundPage backTo={PATHS.settings} />;
  return (
    <>
      <PageHeader
        title={t('settings.nav.apikeys')}
        description={
          <>
            {t('apiAccess.description')}{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener" underline="always">
              {t('apiAccess.docs')}
            </Anchor>
          </>
        }
      />
      <Stack gap="xl">
        <ApiKeysCard companyId={company.company_id} />
        <WebhooksCard companyId={company.company_id} />
      </Stack>
    </>
  );
}
