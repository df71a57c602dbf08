import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconNote, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { CATALOG_MESSAGES, NoteSave, type SubjectNote } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useDeleteNote } from '../api/delete-note.ts';
import { useSaveNote } from '../api/save-note.ts';

interface SubjectNotesProps {
  companyId: string;
  subjectId: string;
  notes: SubjectNote[];
  /** Admins add, edit and delete notes; viewers read them. */
  canEdit: boolean;
}

/** The company's notes on a subject (spec 3 §2.2): one editor for a new note or the one being edited. */
export function SubjectNotes({ companyId, subjectId, notes, canEdit }: SubjectNotesProps) {
  const { t, i18n } = useTranslation();
  const save = useSaveNote(companyId, subjectId);
  const remove = useDeleteNote(companyId, subjectId);
  const [editing, setEditing] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const stopEditing = () => {
    setEditing(null);
    setText('');
    setError(null);
  };
  const submit = () => {
    const parsed = NoteSave.safeParse({ content: text });
    if (!parsed.success) {
      setError(translateMessage(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    save.mutate(
      { noteId: editing ?? undefined, content: parsed.data.content },
      {
        onSuccess: ({ message }) => {
          showMessage({ type: 'success', message: translateMessage(t, message) });
          stopEditing();
        },
        onError: (failure) => showMessage({ type: 'error', message: translateError(t, failure) }),
      },
    );
  };
  const confirmDelete = (note: SubjectNote) =>
    openConfirmDialog({
      title: t('catalog.notes.deleteTitle'),
      message: translateMessage(t, CATALOG_MESSAGES.confirmDeleteNote),
      confirmLabel: t('actions.confirm'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(note.id, {
          onSuccess: ({ message }) => {
            showMessage({ type: 'success', message: translateMessage(t, message) });
            if (editing === note.id) stopEditing();
          },
          onError: (failure) => showMessage({ type: 'error', message: translateError(t, failure) }),
        }),
    });

  return (
    <Stack gap="md" data-testid="subject-notes">
      {notes.length === 0 ? (
        <Group gap="xs" c="dimmed" wrap="nowrap">
          <IconNote size={18} aria-hidden />
          <Text size="sm">{t(canEdit ? 'catalog.notes.emptyAdmin' : 'catalog.notes.empty')}</Text>
        </Group>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {notes.map((note) => (
            <Paper
              key={note.id}
              component="li"
              withBorder
              p="sm"
              radius="md"
              bg={editing === note.id ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note.content}
              </Text>
              <Group justify="space-between" gap="xs" mt={6}>
                <Text size="xs" c="dimmed">
                  {[note.author, formatLongDate(note.created, i18n.language)].filter(Boolean).join(' · ')}
                </Text>
                {canEdit && (
                  <Group gap={4}>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => {
                        setEditing(note.id);
                        setText(note.content);
                        setError(null);
                      }}
                    >
                      {t('catalog.notes.edit')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => confirmDelete(note)}
                    >
                      {t('catalog.notes.delete')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {canEdit && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('catalog.notes.label')}
              description={editing ? t('catalog.notes.editing') : undefined}
              placeholder={t('catalog.notes.placeholder')}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autosize
              minRows={2}
              maxRows={8}
            />
            <Group justify="flex-end" gap="xs">
              {editing && (
                <Button variant="default" size="xs" onClick={stopEditing}>
                  {t('actions.cancel')}
                </Button>
              )}
              <Button
                type="submit"
                size="xs"
                loading={save.isPending}
                leftSection={editing ? undefined : <IconPlus size={16} />}
              >
                {editing ? t('actions.save') : t('catalog.notes.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
