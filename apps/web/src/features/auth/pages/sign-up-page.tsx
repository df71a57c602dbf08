import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useSignUpForTrial } from '../api/sign-up-for-trial.ts';
import { useTrialConfig } from '../api/verify-trial.ts';
import { Recaptcha } from '../components/recaptcha.tsx';
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
  const siteKey = useTrialConfig().data?.recaptchaSiteKey ?? null;
  const [recaptchaToken, setRecaptchaToken] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);

  const submit = form.onSubmit(({ email }) =>
    signUp.mutate(
      { recaptchaToken, managerEmail: email },
      {
        // A captcha answer is good for one check: the next try needs a new one (spec 1 §4).
        onError: () => {
          setRecaptchaToken('');
          setCaptchaRound((n) => n + 1);
        },
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
          {siteKey && <Recaptcha key={captchaRound} siteKey={siteKey} onToken={setRecaptchaToken} />}
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={signUp.isPending}
            disabled={siteKey !== null && recaptchaToken === ''}
            data-testid="signup-submit"
          >
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
