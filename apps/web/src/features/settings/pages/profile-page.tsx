import { Alert, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { MESSAGES, ProfileUpdate, type CurrentUser } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { changeLanguage } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session/index.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { useLanguages } from '../../../lib/use-languages.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

function ProfileForm({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const { languages, isLoading } = useLanguages();
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { name: user.name, language: user.language },
    validate: schemaResolver(ProfileUpdate, { sync: true }),
  });
  const fieldError = useFieldError<{ name: string }>(form.errors);
  const options = languages.map((l) => ({ value: l.code, label: l.english_name }));
  if (!options.some((o) => o.value === form.values.language)) {
    options.push({ value: form.values.language, label: form.values.language });
  }

  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: async (saved) => {
        form.resetDirty({ name: saved.name, language: saved.language });
        if (saved.language !== i18n.language) await changeLanguage(saved.language);
        // i18n.t, not the render's t: the message is shown in the language just chosen.
        showMessage({ type: 'success', message: translateMessage(i18n.t, MESSAGES.profileUpdated) });
      },
    }),
  );

  return (
    <Card component="form" onSubmit={submit} noValidate maw={640}>
      <Stack gap="lg">
        {update.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateError(t, update.error)}
          </Alert>
        )}
        <div>
          <Text size="sm" fw={500}>
            {t('settings.profile.email')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="profile-email">
            {user.email}
          </Text>
        </div>
        <TextInput
          label={t('settings.profile.name')}
          autoComplete="name"
          aria-required
          data-testid="profile-name"
          {...form.getInputProps('name')}
          error={fieldError('name')}
        />
        <Select
          label={t('settings.profile.language')}
          description={t('settings.profile.languageHint')}
          data={options}
          disabled={isLoading}
          allowDeselect={false}
          searchable
          data-testid="profile-language"
          {...form.getInputProps('language')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={update.isPending}
            leftSection={<IconDeviceFloppy size={18} />}
            data-testid="profile-save"
          >
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /settings: My profile — the manager's name and interface language. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  return (
    <>
      <PageHeader title={t('settings.nav.profile')} description={t('settings.profile.description')} />
      {user && <ProfileForm user={user} />}
    </>
  );
}
