import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './translate-message.ts';

/**
 * A form field's error, translated: the shared schemas' and the server's messages are English keys,
 * so `error={fieldError('name')}` shows them in the manager's language.
 */
export function useFieldError<T extends object>(errors: Partial<Record<keyof T | string, ReactNode>>) {
  const { t } = useTranslation();
  return (name: keyof T) => {
    const error = errors[name as string];
    return typeof error === 'string' ? translateMessage(t, error) : error;
  };
}
