import { Alert, Anchor, Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMail, IconUserQuestion } from '@tabler/icons-react';
import { safeRedirect } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useAuthToken, useCurrentUser } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useRequestSignInLink } from '../api/request-sign-in-link.ts';
import { AuthHeading } from '../components/auth-heading.tsx';
import { SignedInPanel } from '../components/signed-in-panel.tsx';
import { useWorkEmailForm } from '../components/use-work-email-form.ts';
import { rememberPendingEmail } from '../pending-email.ts';
import { AuthSwitchLink } from '../components/auth-switch-link.tsx';

function signUpLink(email?: string): string {
  return email ? `${PATHS.signUp}?email=${encodeURIComponent(email)}` : PATHS.signUp;
}

function SignInForm({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestSignInLink();
  const { form, emailInputProps } = useWorkEmailForm();
  const notRegistered = request.error instanceof ApiError && request.error.code === 'not_registered';

  const submit = form.onSubmit(({ email }) =>
    request.mutate(
      { email, redirect },
      {
        onSuccess: (result) => {
          if ('redirect' in result) {
            window.location.assign(result.redirect);
            return;
          }
          rememberPendingEmail({ email, kind: 'login', redirect });
          void navigate(`${PATHS.checkEmail}?utm_term=login`);
        },
      },
    ),
  );

  return (
    <>
      <AuthHeading title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.workEmail')}
            placeholder={t('auth.emailPlaceholder')}
            type="email"
            autoComplete="email"
            size="md"
            leftSection={<IconMail size={18} />}
            data-testid="signin-email"
            autoFocus
            {...emailInputProps}
          />
          {notRegistered && (
            <Alert color="yellow" variant="light" icon={<IconUserQuestion />} data-testid="not-registered">
              <Text size="sm">{t('errors.not_registered')}</Text>
              <Anchor component={Link} to={signUpLink(form.values.email)} size="sm" fw={600}>
                {t('auth.signIn.signUpInstead')}
              </Anchor>
            </Alert>
          )}
          {request.isError && !notRegistered && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {translateError(t, request.error)}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={request.isPending} data-testid="signin-continue">
            {t('actions.continue')}
          </Button>
        </Stack>
      </form>
      <AuthSwitchLink prompt={t('auth.signIn.noAccount')} label={t('auth.signIn.signUp')} to={PATHS.signUp} />
    </>
  );
}

/** /auth/signin: one work-email field; a signed-in manager sees who they are instead (spec 1 §2). */
export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = useAuthToken();
  const user = useCurrentUser();
  const rawRedirect = params.get('redirect');
  const redirect = rawRedirect ? safeRedirect(rawRedirect) : undefined;

  if (token && user.data) return <SignedInPanel user={user.data} home={redirect ?? PATHS.home} />;
  if (token) {
    return (
      <Center py="xl" aria-label={t('session.loading')}>
        <Loader />
      </Center>
    );
  }
  return <SignInForm redirect={redirect} />;
}
