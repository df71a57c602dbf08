import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ImpersonateRequest } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateError } from '../../lib/translate-message.ts';
import { useFieldError } from '../../lib/use-field-error.ts';
import { useImpersonateUser } from './api/impersonate-user.ts';

interface ImpersonateModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Follows the answered sign-in link inside this app, so the new session is kept by the origin the
 * super-admin works in; any other link is opened as a page.
 */
function useFollowLink() {
  const navigate = useNavigate();
  return (url: string) => {
    const target = new URL(url, window.location.origin);
    if (target.pathname.startsWith('/auth/jwt/signin/')) void navigate(target.pathname + target.search);
    else window.location.assign(target.href);
  };
}

export default function ImpersonateModal({ opened, onClose }: ImpersonateModalProps) {
  const { t } = useTranslation();
  const follow = useFollowLink();
  const impersonate = useImpersonateUser();
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(ImpersonateRequest, { sync: true }),
  });

  const close = () => {
    form.reset();
    impersonate.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    impersonate.mutate(values, {
      onSuccess: ({ url }) => {
        close();
        follow(url);
      },
    }),
  );
  const fieldError = useFieldError<{ email: string }>(form.errors);

  return (
    <Modal opened={opened} onClose={close} title={t('impersonation.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('impersonation.explain')}
          </Text>
          {impersonate.isError && (
            <Alert color="red" variant="light">
              {translateError(t, impersonate.error)}
            </Alert>
          )}
          <TextInput
            label={t('impersonation.email')}
            type="email"
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('email')}
            error={fieldError('email')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={impersonate.isPending}>
              {t('impersonation.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
