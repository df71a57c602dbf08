import { schemaResolver, useForm } from '@mantine/form';
import { CheckEmailRequest } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message.ts';

/** The one-field form of sign-in and sign-up: a work email, checked with the shared rule. */
export function useWorkEmailForm(initialEmail = '') {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: schemaResolver(CheckEmailRequest, { sync: true }),
  });
  const error = form.errors.email;
  const emailInputProps = {
    ...form.getInputProps('email'),
    error: typeof error === 'string' ? translateMessage(t, error) : error,
  };
  return { form, emailInputProps };
}
