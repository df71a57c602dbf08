import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconList, IconPlus, IconTrash } from '@tabler/icons-react';
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES, WebhookSave, type WebhookEndpoint } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FreshModal } from '../../../components/fresh-modal.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useCreateWebhook, useDeleteWebhook, useWebhookDeliveries, useWebhooks } from '../api/api-keys.ts';
import { ShownOnce } from './shown-once.tsx';

const STATUS_COLORS = { delivered: 'green', pending: 'yellow', failed: 'red' } as const;

function WebhookForm({
  companyId,
  onCreated,
  onCancel,
}: {
  companyId: string;
  onCreated: (secret: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook(companyId);
  const form = useForm<{ url: string; events: string[] }>({
    initialValues: { url: 'https://', events: [] },
    validate: schemaResolver(WebhookSave, { sync: true }),
  });
  const message = (field: 'url' | 'events') => {
    const error = form.errors[field];
    return typeof error === 'string' ? translateMessage(t, error) : error;
  };
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        create.mutate(values as WebhookSave, { onSuccess: (made) => onCreated(made.secret) }),
      )}
    >
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
        {create.isError && (
          <Text c="red" size="sm" role="alert">
            {translateError(t, create.error)}
          </Text>
        )}
        <DialogActions justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="webhook-save">
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
  if (deliveries.isPending) return <PageLoader />;
  if (deliveries.isError)
    return <LoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('apiAccess.noDeliveries')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiAccess.event.title')}</Table.Th>
            <Table.Th>{t('apiAccess.status')}</Table.Th>
            <Table.Th>{t('apiAccess.answer')}</Table.Th>
            <Table.Th>{t('apiAccess.attempts')}</Table.Th>
            <Table.Th>{t('apiAccess.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.rows.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Code>{d.event}</Code>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[d.status]} variant="light">
                  {t(`apiAccess.deliveryStatus.${d.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {d.responseStatus ?? '—'}
                {d.durationMs !== null ? ` · ${d.durationMs} ms` : ''}
                {(d.responseExcerpt || d.error) && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {d.error ?? d.responseExcerpt}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{formatDateTime(d.created, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The company's webhook endpoints, their events and each one's latest deliveries with their answers. */
export function WebhooksCard({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const webhooks = useWebhooks(companyId);
  const remove = useDeleteWebhook(companyId);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<WebhookEndpoint | null>(null);

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
        {webhooks.isPending ? (
          <PageLoader />
        ) : webhooks.isError ? (
          <LoadError error={webhooks.error} onRetry={() => void webhooks.refetch()} />
        ) : webhooks.data.rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('apiAccess.noWebhooks')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table verticalSpacing="sm" data-testid="webhooks-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('apiAccess.webhookUrl')}</Table.Th>
                  <Table.Th>{t('apiAccess.events')}</Table.Th>
                  <Table.Th>{t('apiAccess.created')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('apiAccess.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {webhooks.data.rows.map((endpoint) => (
                  <Table.Tr key={endpoint.id}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{endpoint.url}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {endpoint.events.map((e) => (
                          <Badge key={e} variant="outline" size="sm" tt="none">
                            {e}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDateTime(endpoint.created, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('apiAccess.showDeliveries')}
                          onClick={() => setOpen(endpoint)}
                        >
                          <IconList size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('apiAccess.deleteWebhookTitle')}
                          onClick={() => confirmDelete(endpoint)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
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
          onCreated={(made) => {
            setAdding(false);
            setSecret(made);
          }}
        />
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
