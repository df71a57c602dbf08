import { ActionIcon, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { PHISHING_MESSAGES, PhishingSenderProfileSave, type PhishingSenderProfile } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useDeleteSenderProfile, useSaveSenderProfile, useSenderProfiles } from '../api/phishing-api.ts';
import { translatePhishingError, translatePhishingMessage } from '../phishing-messages.ts';

interface ProfileForm {
  name: string;
  domain: string;
  displayName: string;
}

function ProfileModal({
  companyId,
  editing,
  onClose,
}: {
  companyId: string;
  /** null: closed; 'new', or the profile to change. */
  editing: PhishingSenderProfile | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSenderProfile(companyId);
  const stored = editing && editing !== 'new' ? editing : null;
  const [form, setForm] = useState<ProfileForm>({
    name: stored?.name ?? '',
    domain: stored?.domain ?? '',
    displayName: stored?.displayName ?? '',
  });
  const [tried, setTried] = useState(false);
  const body = { name: form.name, domain: form.domain, displayName: form.displayName.trim() || null };
  const parsed = PhishingSenderProfileSave.safeParse(body);
  const problem = (key: string) => {
    if (!tried || parsed.success) return null;
    const issue = parsed.error.issues.find((i) => i.path[0] === key);
    return issue ? translatePhishingMessage(t, issue.message) : null;
  };
  const submit = () => {
    setTried(true);
    if (!parsed.success) return;
    save.mutate(
      { id: stored?.id ?? null, body },
      {
        onSuccess: () => {
          showMessage({
            type: 'success',
            message: translatePhishingMessage(t, PHISHING_MESSAGES.senderProfileSaved),
          });
          onClose();
        },
        onError: (e) => showMessage({ type: 'error', message: translatePhishingError(t, e) }),
      },
    );
  };
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={t(stored ? 'phishing.senders.edit' : 'phishing.senders.new')}
    >
      <Stack gap="sm">
        <TextInput
          label={t('phishing.senders.name')}
          description={t('phishing.senders.nameHint')}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          error={problem('name')}
          required
          data-autofocus
        />
        <TextInput
          label={t('phishing.senders.domain')}
          description={t('phishing.senders.domainHint')}
          value={form.domain}
          onChange={(e) => setForm({ ...form, domain: e.currentTarget.value })}
          error={problem('domain')}
          required
          data-testid="sender-domain"
        />
        <TextInput
          label={t('phishing.senders.displayName')}
          description={t('phishing.senders.displayNameHint')}
          value={form.displayName}
          onChange={(e) => setForm({ ...form, displayName: e.currentTarget.value })}
          error={problem('displayName')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="save-sender">
            {t('phishing.senders.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The sender domains and names the company's simulations come from. */
export function SenderProfiles({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const profiles = useSenderProfiles(companyId);
  const remove = useDeleteSenderProfile(companyId);
  const [editing, setEditing] = useState<PhishingSenderProfile | 'new' | null>(null);
  const confirmDelete = (profile: PhishingSenderProfile) =>
    openConfirmDialog({
      title: t('phishing.senders.deleteTitle'),
      message: t('phishing.senders.deleteConfirm', { name: profile.name }),
      confirmLabel: t('phishing.senders.delete'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(profile.id, {
          onSuccess: () =>
            showMessage({
              type: 'success',
              message: translatePhishingMessage(t, PHISHING_MESSAGES.senderProfileDeleted),
            }),
          onError: (e) => showMessage({ type: 'error', message: translatePhishingError(t, e) }),
        }),
    });
  return (
    <Card withBorder data-testid="sender-profiles">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} fz="lg">
              {t('phishing.senders.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('phishing.senders.description')}
            </Text>
          </div>
          {isAdmin && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('phishing.senders.new')}
            </Button>
          )}
        </Group>
        <QueryTable
          query={profiles}
          rows={profiles.data}
          rowKey={(p) => p.id}
          minWidth={520}
          fz="sm"
          empty={t('phishing.senders.none')}
          columns={[
            { key: 'name', header: t('phishing.senders.name'), cell: (p) => p.name, td: { fw: 600 } },
            { key: 'domain', header: t('phishing.senders.domain'), cell: (p) => p.domain },
            {
              key: 'display',
              header: t('phishing.senders.displayName'),
              cell: (p) => p.displayName ?? t('phishing.senders.templateNames'),
            },
            {
              key: 'actions',
              header: t('phishing.senders.actions'),
              hiddenHeader: true,
              align: 'right',
              cell: (p) =>
                isAdmin && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      onClick={() => setEditing(p)}
                      aria-label={t('phishing.senders.editOf', { name: p.name })}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => confirmDelete(p)}
                      aria-label={t('phishing.senders.deleteOf', { name: p.name })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                ),
            },
          ]}
        />
      </Stack>
      {editing !== null && (
        <ProfileModal
          key={editing === 'new' ? 'new' : editing.id}
          companyId={companyId}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
