import { Button } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { AuthHeading } from '../components/auth-heading.tsx';

/** /auth/error/email: where a sign-in link that did not work ends up. */
export function EmailErrorPage() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading
        icon={<IconLinkOff size={28} />}
        color="red"
        title={t('auth.emailError.title')}
        subtitle={translateMessage(t, MESSAGES.invalidLink)}
      />
      <Button component={Link} to={PATHS.signIn} size="md" fullWidth>
        {t('auth.emailError.requestNew')}
      </Button>
    </>
  );
}
