import { Alert, Anchor, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconMailCheck } from '@tabler/icons-react';
import { MESSAGES, SIGNIN_TOKEN } from '@vigil/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { PATHS } from '../../../lib/paths.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { requestSignInLink } from '../api/request-sign-in-link.ts';
import { signUpForTrial } from '../api/sign-up-for-trial.ts';
import { useTrialConfig } from '../api/verify-trial.ts';
import { AuthHeading } from '../components/auth-heading.tsx';
import { Recaptcha } from '../components/recaptcha.tsx';
import { readPendingEmail, type PendingEmail } from '../pending-email.ts';

async function resend({ pending, recaptchaToken }: { pending: PendingEmail; recaptchaToken: string }) {
  if (pending.kind === 'login') await requestSignInLink({ email: pending.email, redirect: pending.redirect });
  else await signUpForTrial({ recaptchaToken, managerEmail: pending.email });
}

/** /auth/check-email: after a sign-in or sign-up request, with a way to send the mail again. */
export function CheckEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [pending] = useState(readPendingEmail);
  const isSignup = params.get('utm_term') === 'signup';
  const email = pending?.email;
  // A trial sign-up is sent again through /trial, so it needs the reCAPTCHA again when it is on.
  const siteKey = useTrialConfig().data?.recaptchaSiteKey ?? null;
  const captcha = pending?.kind === 'signup' ? siteKey : null;
  const [recaptchaToken, setRecaptchaToken] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  // A captcha answer is good for one check: after each try the widget starts again (spec 1 §4).
  const newCaptcha = () => {
    setRecaptchaToken('');
    setCaptchaRound((n) => n + 1);
  };
  const again = useMutation({
    mutationFn: resend,
    onSuccess: () => {
      if (captcha) newCaptcha();
      showMessage({ type: 'success', message: translateMessage(t, MESSAGES.emailResent) });
    },
    onError: () => {
      if (captcha) newCaptcha();
    },
  });

  return (
    <>
      <AuthHeading
        icon={<IconMailCheck size={28} />}
        title={isSignup ? t('auth.checkEmail.signupTitle') : t('auth.checkEmail.loginTitle')}
        subtitle={
          email
            ? t(isSignup ? 'auth.checkEmail.signupSent' : 'auth.checkEmail.loginSent', { email })
            : t('auth.checkEmail.sentNoEmail')
        }
      />
      <Stack gap="md">
        {pending?.existingAccount && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle />} data-testid="existing-account">
            {t('auth.checkEmail.existingAccount')}
          </Alert>
        )}
        {!isSignup && (
          <Text size="sm" c="dimmed">
            {t('auth.checkEmail.linkValidity', { minutes: SIGNIN_TOKEN.ttlMinutes })}
          </Text>
        )}
        {isSignup && (
          <Card padding="md" data-testid="spam-advice">
            <Text size="sm" fw={600} mb={6}>
              {t('auth.checkEmail.spamTitle')}
            </Text>
            <List size="sm" spacing={4} c="dimmed">
              <List.Item>{t('auth.checkEmail.spamFolder')}</List.Item>
              <List.Item>{t('auth.checkEmail.spamSender')}</List.Item>
              <List.Item>{t('auth.checkEmail.spamWait')}</List.Item>
            </List>
          </Card>
        )}
        {again.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateError(t, again.error)}
          </Alert>
        )}
        {pending && captcha && <Recaptcha key={captchaRound} siteKey={captcha} onToken={setRecaptchaToken} />}
        {pending && (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('auth.checkEmail.notReceived')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              loading={again.isPending}
              disabled={captcha !== null && recaptchaToken === ''}
              onClick={() => again.mutate({ pending, recaptchaToken })}
              data-testid="resend-email"
            >
              {t('auth.checkEmail.resend')}
            </Button>
          </Group>
        )}
        <Anchor component={Link} to={isSignup ? PATHS.signUp : PATHS.signIn} size="sm">
          {t('auth.checkEmail.differentEmail')}
        </Anchor>
      </Stack>
    </>
  );
}
