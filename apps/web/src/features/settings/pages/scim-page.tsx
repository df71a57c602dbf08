import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconCheck, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { SCIM_MESSAGES, SCIM_TOKEN_PREFIX, ScimTokenSave, type ScimToken } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FreshModal } from '../../../components/fresh-modal.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useEntitlements } from '../../../lib/entitlements.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../api/scim-tokens.ts';
import { ShownOnce } from '../components/shown-once.tsx';

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

function TokenNameForm({
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(ScimTokenSave, { sync: true }),
  });
  const fieldError = form.errors.name;
  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(v.name.trim()))}>
      <Stack gap="md">
        <TextInput
          label={t('scim.name')}
          description={t('scim.nameHint')}
          data-autofocus
          data-testid="scim-token-name"
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
          <Button type="submit" loading={pending} data-testid="scim-token-save">
            {t('actions.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
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

type Dialog = { kind: 'create' } | { kind: 'created'; value: string } | null;

function TokensCard({ companyId, canCreate }: { companyId: string; canCreate: boolean }) {
  const { t, i18n } = useTranslation();
  const tokens = useScimTokens(companyId);
  const create = useCreateScimToken(companyId);
  const revoke = useRevokeScimToken(companyId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const confirmRevoke = (token: ScimToken) =>
    openConfirmDialog({
      title: t('scim.revokeTitle'),
      message: SCIM_MESSAGES.confirmRevoke,
      confirmLabel: t('scim.revokeAction'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () => revoke.mutate(token.id),
    });

  return (
    <Stack gap="xl">
      <ConnectionCard baseUrl={tokens.data?.baseUrl} />
      <Card>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {t('scim.tokensTitle')}
            </Title>
            <Button
              leftSection={<IconPlus size={18} />}
              disabled={!canCreate}
              onClick={() => {
                create.reset();
                setDialog({ kind: 'create' });
              }}
              data-testid="scim-token-create"
            >
              {t('scim.create')}
            </Button>
          </Group>
          <QueryTable
            query={tokens}
            rows={tokens.data?.rows}
            rowKey={(token) => token.id}
            empty={t('scim.noTokens')}
            minWidth={620}
            testId="scim-tokens-table"
            columns={[
              { key: 'name', header: t('scim.name'), cell: (token) => token.name },
              {
                key: 'token',
                header: t('scim.token'),
                td: { ff: 'monospace' },
                cell: (token) => `${SCIM_TOKEN_PREFIX}…${token.lastChars}`,
              },
              {
                key: 'created',
                header: t('scim.created'),
                cell: (token) => formatDateTime(token.created, i18n.language),
              },
              {
                key: 'lastUsed',
                header: t('scim.lastUsed'),
                cell: (token) =>
                  token.lastUsed ? formatDateTime(token.lastUsed, i18n.language) : t('scim.never'),
              },
              {
                key: 'status',
                header: t('scim.status'),
                cell: (token) =>
                  token.revoked ? (
                    <Badge color="gray" variant="light">
                      {t('scim.revoked')}
                    </Badge>
                  ) : (
                    <Badge color="green" variant="light">
                      {t('scim.active')}
                    </Badge>
                  ),
              },
              {
                key: 'actions',
                header: t('scim.actions'),
                hiddenHeader: true,
                cell: (token) =>
                  token.revoked ? null : (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('scim.revoke', { name: token.name })}
                        onClick={() => confirmRevoke(token)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ),
              },
            ]}
          />
        </Stack>
      </Card>
      <FreshModal opened={dialog?.kind === 'create'} onClose={close} title={t('scim.create')} size="md">
        <TokenNameForm
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
        title={t('scim.createdTitle')}
        size="lg"
        testId="scim-token-created"
      >
        {dialog?.kind === 'created' && (
          <ShownOnce value={dialog.value} hint={t('scim.createdHint')} onDone={close} />
        )}
      </FreshModal>
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
