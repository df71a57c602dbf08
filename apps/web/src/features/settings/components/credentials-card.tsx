import { ActionIcon, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FreshModal } from '../../../components/fresh-modal.tsx';
import { QueryTable, type QueryState, type QueryTableColumn } from '../../../components/query-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { ShownOnce } from './shown-once.tsx';
import { useFieldError } from '../../../lib/use-field-error.ts';

/** A company credential as its table shows it: never its value, only its last characters. */
export interface CredentialRow {
  id: string;
  name: string;
  lastChars: string;
  created: string;
  lastUsed: string | null;
  /** Kinds that revoke (SCIM tokens) keep revoked rows, marked (when); kinds that delete (API keys) omit it. */
  revoked?: string | null;
}

/** The card's texts, translated by the page (each kind has its own words: key/token, delete/revoke). */
export interface CredentialTexts {
  title: string;
  create: string;
  name: string;
  nameHint: string;
  empty: string;
  /** The column of the value's last characters. */
  credential: string;
  created: string;
  lastUsed: string;
  never: string;
  actions: string;
  createdTitle: string;
  createdHint: string;
  removeTitle: string;
  removeConfirm: string;
  removeAction: string;
  removeLabel: (name: string) => string;
  renameTitle?: string;
  renameLabel?: (name: string) => string;
  /** Kinds that revoke: the status column. */
  status?: { header: string; active: string; revoked: string };
}

interface Mutation<V, R = unknown> {
  mutate: (vars: V, options?: { onSuccess?: (result: R) => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

function NameForm({
  initial,
  schema,
  texts,
  testId,
  mutation,
  onSubmit,
  onCancel,
}: {
  initial: string;
  schema: z.ZodType<{ name: string }>;
  texts: CredentialTexts;
  testId: string;
  mutation: { isPending: boolean; error: unknown };
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { name: initial },
    validate: schemaResolver(schema, { sync: true }),
  });
  const fieldError = useFieldError<{ name: string }>(form.errors);
  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(v.name.trim()))}>
      <Stack gap="md">
        <TextInput
          label={texts.name}
          description={texts.nameHint}
          data-autofocus
          data-testid={`${testId}-name`}
          {...form.getInputProps('name')}
          error={fieldError('name')}
        />
        {mutation.error ? (
          <Text c="red" size="sm" role="alert">
            {translateError(t, mutation.error)}
          </Text>
        ) : null}
        <DialogActions justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid={`${testId}-save`}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

type Dialog<T> = { kind: 'create' } | { kind: 'created'; value: string } | { kind: 'rename'; row: T } | null;

/**
 * A company's bearer credentials (API keys, SCIM tokens): the table with each one's last characters,
 * when it was made and last used; made with a name and its value shown once; deleted or revoked after a
 * confirmation; renamed where the kind allows. Test ids: `{testId}-create`, `-name`, `-save`,
 * `-created`, and `{testId}s-table`.
 */
export function CredentialsCard<T extends CredentialRow>({
  texts,
  prefix,
  testId,
  schema,
  query,
  rows,
  create,
  remove,
  rename,
  canCreate = true,
  minWidth,
}: {
  texts: CredentialTexts;
  /** What every value starts with, shown before the last characters. */
  prefix: string;
  testId: string;
  schema: z.ZodType<{ name: string }>;
  query: QueryState;
  rows: readonly T[] | undefined;
  create: Mutation<{ name: string }, { value: string }>;
  remove: Mutation<string>;
  rename?: Mutation<{ id: string; name: string }> | undefined;
  canCreate?: boolean;
  minWidth: number;
}) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<Dialog<T>>(null);
  const close = () => setDialog(null);

  const confirmRemove = (row: T) =>
    openConfirmDialog({
      title: texts.removeTitle,
      message: texts.removeConfirm,
      confirmLabel: texts.removeAction,
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () => remove.mutate(row.id),
    });

  const columns: QueryTableColumn<T>[] = [
    { key: 'name', header: texts.name, cell: (row) => row.name },
    {
      key: 'credential',
      header: texts.credential,
      td: { ff: 'monospace' },
      cell: (row) => `${prefix}…${row.lastChars}`,
    },
    { key: 'created', header: texts.created, cell: (row) => formatDateTime(row.created, i18n.language) },
    {
      key: 'lastUsed',
      header: texts.lastUsed,
      cell: (row) => (row.lastUsed ? formatDateTime(row.lastUsed, i18n.language) : texts.never),
    },
  ];
  const status = texts.status;
  if (status)
    columns.push({
      key: 'status',
      header: status.header,
      cell: (row) =>
        row.revoked ? (
          <Badge color="gray" variant="light">
            {status.revoked}
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            {status.active}
          </Badge>
        ),
    });
  columns.push({
    key: 'actions',
    header: texts.actions,
    hiddenHeader: true,
    cell: (row) =>
      row.revoked ? null : (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {rename && texts.renameLabel && (
            <ActionIcon
              variant="subtle"
              aria-label={texts.renameLabel(row.name)}
              onClick={() => {
                rename.reset();
                setDialog({ kind: 'rename', row });
              }}
            >
              <IconPencil size={18} />
            </ActionIcon>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={texts.removeLabel(row.name)}
            onClick={() => confirmRemove(row)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ),
  });

  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {texts.title}
          </Title>
          <Button
            leftSection={<IconPlus size={18} />}
            disabled={!canCreate}
            onClick={() => {
              create.reset();
              setDialog({ kind: 'create' });
            }}
            data-testid={`${testId}-create`}
          >
            {texts.create}
          </Button>
        </Group>
        <QueryTable
          query={query}
          rows={rows}
          rowKey={(row) => row.id}
          empty={texts.empty}
          minWidth={minWidth}
          testId={`${testId}s-table`}
          columns={columns}
        />
      </Stack>
      <FreshModal opened={dialog?.kind === 'create'} onClose={close} title={texts.create} size="md">
        <NameForm
          initial=""
          schema={schema}
          texts={texts}
          testId={testId}
          mutation={create}
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
        title={texts.createdTitle}
        size="lg"
        testId={`${testId}-created`}
      >
        {dialog?.kind === 'created' && (
          <ShownOnce value={dialog.value} hint={texts.createdHint} onDone={close} />
        )}
      </FreshModal>
      {rename && (
        <FreshModal
          opened={dialog?.kind === 'rename'}
          onClose={close}
          title={texts.renameTitle ?? ''}
          size="md"
        >
          {dialog?.kind === 'rename' && (
            <NameForm
              initial={dialog.row.name}
              schema={schema}
              texts={texts}
              testId={testId}
              mutation={rename}
              onCancel={close}
              onSubmit={(name) => rename.mutate({ id: dialog.row.id, name }, { onSuccess: close })}
            />
          )}
        </FreshModal>
      )}
    </Card>
  );
}
