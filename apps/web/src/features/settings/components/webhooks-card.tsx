import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconList, IconPencil, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WebhookSave,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FreshModal } from '../../../components/fresh-modal.tsx';
import { showMessage } from '../../../components/app-messages.ts';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/api-keys.ts';
import { ShownOnce } from './shown-once.tsx';

const STATUS_COLORS = { delivered: 'green', pending: 'yellow', failed: 'red' } as const;

/** A new endpoint's address and events, or an endpoint's changed. */
function WebhookForm({
  companyId,
  endpoint,
  onSaved,
  onCancel,
}: {
  companyId: string;
  /** The endpoint to change; a new one when absent. */
  endpoint?: WebhookEndpoint;
  /** With the signing secret when the endpoint is new. */
  onSaved: (secret: string | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook(companyId);
  const update = useUpdateWebhook(companyId);
  const save = endpoint ? update : create;
  const form = useForm<{ url: string; events: string[] }>({
    initialValues: endpoint
      ? { url: endpoint.url, events: endpoint.events }
      : { url: 'https://', events: [] },
    validate: schemaResolver(WebhookSave, { sync: true }),
  });
  const submit = (values: WebhookSave) =>
    endpoint
      ? update.mutate({ id: endpoint.id, ...values }, { onSuccess: () => onSaved(null) })
      : create.mutate(values, { onSuccess: (made) => onSaved(made.secret) });
  const message = useFieldError<WebhookSave>(form.errors);
  return (
    <form noValidate onSubmit={form.onSubmit((values) => submit(values as WebhookSave))}>
      <Stack gap="md">
        <TextInput
          label={t('apiAccess.webhookUrl')}
          description={WEBHOOK_MESSAGES.https}
          data-autofocus
          data-testid="webhook-url"
          {...form.getInputProps('url')}
          error={message('url')}
        />
        <Checkbox.Group
          label={t('apiAccess.events')}
          {...form.getInputProps('events')}
          error={message('events')}
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={t(`apiAccess.event.${event.replace('.', '_')}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        {save.isError && (
          <Text c="red" size="sm" role="alert">
            {translateError(t, save.error)}
          </Text>
        )}
        <DialogActions justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="webhook-save">
            {t('actions.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

function Deliveries({ companyId, endpoint }: { companyId: string; endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const deliveries = useWebhookDeliveries(companyId, endpoint.id);
  return (
    <QueryTable
      query={deliveries}
      rows={deliveries.data?.rows}
      rowKey={(d) => d.id}
      empty={t('apiAccess.noDeliveries')}
      minWidth={640}
      spacing={{ vertical: 'xs' }}
      fz="sm"
      testId="webhook-deliveries"
      columns={[
        { key: 'event', header: t('apiAccess.event.title'), cell: (d) => <Code>{d.event}</Code> },
        {
          key: 'status',
          header: t('apiAccess.status'),
          cell: (d) => (
            <Badge color={STATUS_COLORS[d.status]} variant="light">
              {t(`apiAccess.deliveryStatus.${d.status}`)}
            </Badge>
          ),
        },
        {
          key: 'answer',
          header: t('apiAccess.answer'),
          cell: (d) => (
            <>
              {d.responseStatus ?? '—'}
              {d.durationMs !== null ? ` · ${d.durationMs} ms` : ''}
              {(d.responseExcerpt || d.error) && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {d.error ?? d.responseExcerpt}
                </Text>
              )}
            </>
          ),
        },
        { key: 'attempts', header: t('apiAccess.attempts'), cell: (d) => d.attempts },
        {
          key: 'created',
          header: t('apiAccess.created'),
          cell: (d) => formatDateTime(d.created, i18n.language),
        },
      ]}
    />
  );
}

/** The company's webhook endpoints, their events and each one's latest deliveries with their answers. */
export function WebhooksCard({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const webhooks = useWebhooks(companyId);
  const remove = useDeleteWebhook(companyId);
  const update = useUpdateWebhook(companyId);
  const sendTest = useSendTestEvent(companyId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<WebhookEndpoint | null>(null);

  const tested = (d: WebhookDelivery) =>
    d.status === 'delivered'
      ? showMessage({
          type: 'success',
          message: t('apiAccess.testDelivered', { status: d.responseStatus, ms: d.durationMs }),
        })
      : showMessage({
          type: 'error',
          message: t('apiAccess.testFailed', {
            reason: d.error ?? `${d.responseStatus ?? ''} ${d.responseExcerpt ?? ''}`.trim(),
          }),
        });
  const failed = (error: Error) => showMessage({ type: 'error', message: translateError(t, error) });

  const confirmDelete = (endpoint: WebhookEndpoint) =>
    openConfirmDialog({
      title: t('apiAccess.deleteWebhookTitle'),
      message: WEBHOOK_MESSAGES.confirmDelete,
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () => remove.mutate(endpoint.id),
    });

  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('apiAccess.webhooksTitle')}
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              {t('apiAccess.webhooksDescription')}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconPlus size={18} />}
            onClick={() => setAdding(true)}
            data-testid="webhook-add"
          >
            {t('apiAccess.addWebhook')}
          </Button>
        </Group>
        <QueryTable
          query={webhooks}
          rows={webhooks.data?.rows}
          rowKey={(endpoint) => endpoint.id}
          empty={t('apiAccess.noWebhooks')}
          minWidth={640}
          testId="webhooks-table"
          columns={[
            {
              key: 'url',
              header: t('apiAccess.webhookUrl'),
              td: { style: { wordBreak: 'break-all' } },
              cell: (endpoint) => endpoint.url,
            },
            {
              key: 'events',
              header: t('apiAccess.events'),
              cell: (endpoint) => (
                <Group gap={4}>
                  {endpoint.events.map((e) => (
                    <Badge key={e} variant="outline" size="sm" tt="none">
                      {e}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            {
              key: 'active',
              header: t('apiAccess.status'),
              cell: (endpoint) => (
                <Switch
                  size="sm"
                  checked={endpoint.active}
                  label={t(endpoint.active ? 'apiAccess.active' : 'apiAccess.paused')}
                  aria-label={t('apiAccess.activeOf', { url: endpoint.url })}
                  disabled={update.isPending && update.variables?.id === endpoint.id}
                  onChange={(event) =>
                    update.mutate(
                      { id: endpoint.id, active: event.currentTarget.checked },
                      { onError: failed },
                    )
                  }
                  data-testid="webhook-active"
                />
              ),
            },
            {
              key: 'created',
              header: t('apiAccess.created'),
              cell: (endpoint) => formatDateTime(endpoint.created, i18n.language),
            },
            {
              key: 'actions',
              header: t('apiAccess.actions'),
              hiddenHeader: true,
              cell: (endpoint) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('apiAccess.sendTest', { url: endpoint.url })}
                    loading={sendTest.isPending && sendTest.variables === endpoint.id}
                    onClick={() => sendTest.mutate(endpoint.id, { onSuccess: tested, onError: failed })}
                    data-testid="webhook-test"
                  >
                    <IconSend size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('apiAccess.showDeliveriesOf', { url: endpoint.url })}
                    onClick={() => setOpen(endpoint)}
                    data-testid="webhook-deliveries-open"
                  >
                    <IconList size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('apiAccess.editWebhookOf', { url: endpoint.url })}
                    onClick={() => setEditing(endpoint)}
                    data-testid="webhook-edit"
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('apiAccess.deleteWebhookOf', { url: endpoint.url })}
                    onClick={() => confirmDelete(endpoint)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ),
            },
          ]}
        />
      </Stack>
      <FreshModal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('apiAccess.addWebhook')}
        size="lg"
      >
        <WebhookForm
          companyId={companyId}
          onCancel={() => setAdding(false)}
          onSaved={(made) => {
            setAdding(false);
            setSecret(made);
          }}
        />
      </FreshModal>
      <FreshModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('apiAccess.editWebhook')}
        size="lg"
      >
        {editing && (
          <WebhookForm
            companyId={companyId}
            endpoint={editing}
            onCancel={() => setEditing(null)}
            onSaved={() => setEditing(null)}
          />
        )}
      </FreshModal>
      <FreshModal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={t('apiAccess.secretTitle')}
        size="lg"
      >
        {secret && (
          <ShownOnce value={secret} hint={t('apiAccess.secretHint')} onDone={() => setSecret(null)} />
        )}
      </FreshModal>
      <FreshModal opened={open !== null} onClose={() => setOpen(null)} title={open?.url ?? ''} size="xl">
        {open && <Deliveries companyId={companyId} endpoint={open} />}
      </FreshModal>
    </Card>
  );
}
