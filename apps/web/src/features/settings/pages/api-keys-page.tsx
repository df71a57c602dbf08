import { ActionIcon, Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { API_KEY_MESSAGES, ApiKeySave, type ApiKey } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FreshModal } from '../../../components/fresh-modal.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useRenameApiKey } from '../api/api-keys.ts';
import { ShownOnce } from '../components/shown-once.tsx';
import { WebhooksCard } from '../components/webhooks-card.tsx';
import { areApiKeysHidden } from '../settings-sections.ts';

function KeyNameForm({
  initial,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { name: initial },
    validate: schemaResolver(ApiKeySave, { sync: true }),
  });
  const fieldError = form.errors.name;
  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(v.name.trim()))}>
      <Stack gap="md">
        <TextInput
          label={t('apiAccess.name')}
          description={t('apiAccess.nameHint')}
          data-autofocus
          data-testid="api-key-name"
          {...form.getInputProps('name')}
          error={typeof fieldError === 'string' ? translateMessage(t, fieldError) : fieldError}
        />
        {error ? (
          <Text c="red" size="sm" role="alert">
            {translateError(t, error)}
          </Text>
        ) : null}
        <DialogActions justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="api-key-save">
            {t('actions.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

type Dialog =
  { kind: 'create' } | { kind: 'created'; value: string } | { kind: 'rename'; key: ApiKey } | null;

function ApiKeysCard({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys(companyId);
  const create = useCreateApiKey(companyId);
  const rename = useRenameApiKey(companyId);
  const remove = useDeleteApiKey(companyId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const confirmDelete = (key: ApiKey) =>
    openConfirmDialog({
      title: t('apiAccess.deleteTitle'),
      message: API_KEY_MESSAGES.confirmDelete,
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () => remove.mutate(key.id),
    });

  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('apiAccess.keysTitle')}
          </Title>
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => {
              create.reset();
              setDialog({ kind: 'create' });
            }}
            data-testid="api-key-create"
          >
            {t('apiAccess.create')}
          </Button>
        </Group>
        <QueryTable
          query={keys}
          rows={keys.data?.rows}
          rowKey={(key) => key.id}
          empty={t('apiAccess.noKeys')}
          minWidth={560}
          testId="api-keys-table"
          columns={[
            { key: 'name', header: t('apiAccess.name'), cell: (key) => key.name },
            {
              key: 'key',
              header: t('apiAccess.key'),
              td: { ff: 'monospace' },
              cell: (key) => `vigil_…${key.lastChars}`,
            },
            {
              key: 'created',
              header: t('apiAccess.created'),
              cell: (key) => formatDateTime(key.created, i18n.language),
            },
            {
              key: 'lastUsed',
              header: t('apiAccess.lastUsed'),
              cell: (key) =>
                key.lastUsed ? formatDateTime(key.lastUsed, i18n.language) : t('apiAccess.never'),
            },
            {
              key: 'actions',
              header: t('apiAccess.actions'),
              hiddenHeader: true,
              cell: (key) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('apiAccess.rename', { name: key.name })}
                    onClick={() => {
                      rename.reset();
                      setDialog({ kind: 'rename', key });
                    }}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('apiAccess.delete', { name: key.name })}
                    onClick={() => confirmDelete(key)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ),
            },
          ]}
        />
      </Stack>
      <FreshModal opened={dialog?.kind === 'create'} onClose={close} title={t('apiAccess.create')} size="md">
        <KeyNameForm
          initial=""
          pending={create.isPending}
          error={create.error}
          onCancel={close}
          onSubmit={(name) =>
            create.mutate(
              { name },
              { onSuccess: (made) => setDialog({ kind: 'created', value: made.value }) },
            )
          }
        />
      </FreshModal>
      <FreshModal
        opened={dialog?.kind === 'created'}
        onClose={close}
        title={t('apiAccess.createdTitle')}
        size="lg"
        testId="api-key-created"
      >
        {dialog?.kind === 'created' && (
          <ShownOnce value={dialog.value} hint={t('apiAccess.createdHint')} onDone={close} />
        )}
      </FreshModal>
      <FreshModal
        opened={dialog?.kind === 'rename'}
        onClose={close}
        title={t('apiAccess.renameTitle')}
        size="md"
      >
        {dialog?.kind === 'rename' && (
          <KeyNameForm
            initial={dialog.key.name}
            pending={rename.isPending}
            error={rename.error}
            onCancel={close}
            onSubmit={(name) => rename.mutate({ id: dialog.key.id, name }, { onSuccess: close })}
          />
        )}
      </FreshModal>
    </Card>
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
