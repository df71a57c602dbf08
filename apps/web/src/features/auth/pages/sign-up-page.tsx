import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useSignUpForTrial } from '../api/sign-up-for-trial.ts';
import { AuthHeading } from '../components/auth-heading.tsx';
import { useWorkEmailForm } from '../components/use-work-email-form.ts';
import { rememberPendingEmail } from '../pending-email.ts';
import { AuthSwitchLink } from '../components/auth-switch-link.tsx';

/** /auth/signup: a free trial for a work email (spec 1 §4 Trial sign-up). */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signUp = useSignUpForTrial();
  const { form, emailInputProps } = useWorkEmailForm(params.get('email') ?? '');

  const submit = form.onSubmit(({ email }) =>
    signUp.mutate(
      { recaptchaToken: '', managerEmail: email },
      {
        onSuccess: ({ result }) => {
          const existingAccount = result === 'email';
          rememberPendingEmail({ email, kind: existingAccount ? 'login' : 'signup', existingAccount });
          void navigate(`${PATHS.checkEmail}?utm_term=${existingAccount ? 'login' : 'signup'}`);
        },
      },
    ),
  );

  return (
    <>
      <AuthHeading title={t('auth.signUp.title')} subtitle={t('auth.signUp.subtitle')} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {signUp.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle />}
              role="alert"
              data-testid="signup-error"
            >
              {translateError(t, signUp.error)}
            </Alert>
          )}
          <TextInput
            label={t('auth.workEmail')}
            placeholder={t('auth.emailPlaceholder')}
            type="email"
            autoComplete="email"
            size="md"
            leftSection={<IconMail size={18} />}
            data-testid="signup-email"
            autoFocus
            {...emailInputProps}
          />
          <Button type="submit" size="md" fullWidth loading={signUp.isPending} data-testid="signup-submit">
            {t('auth.signUp.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('auth.signUp.noCard')}
          </Text>
        </Stack>
      </form>
      <AuthSwitchLink
        prompt={t('auth.signUp.haveAccount')}
        label={t('auth.signUp.signIn')}
        to={PATHS.signIn}
      />
    </>
  );
}
