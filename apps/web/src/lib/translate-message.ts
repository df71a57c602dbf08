import {
  CATALOG_MESSAGES,
  DELIVERY_MESSAGES,
  DIRECTORY_MESSAGES,
  SSO_MESSAGES,
  EMAIL_SETTINGS_MESSAGES,
  EMPLOYEE_MESSAGES,
  ENTITLEMENT_MESSAGES,
  TRIAL_MESSAGES,
  IMPORT_ERRORS,
  MANAGER_MESSAGES,
  MESSAGES,
  PACKAGE_MESSAGES,
  PARTNER_MESSAGES,
  TRAINING_MESSAGES,
} from '@vigil/shared';
import type { TFunction } from 'i18next';
import { ApiError } from './api-error.ts';

/** The fixed texts of a message set; those built from values (functions) are left out. */
export const fixedTexts = (texts: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/** The shared texts, by the locale section that translates them. */
const SHARED_MESSAGES: Record<string, Record<string, string>> = {
  messages: MESSAGES,
  employeeMessages: EMPLOYEE_MESSAGES,
  importErrors: IMPORT_ERRORS,
  catalogMessages: CATALOG_MESSAGES,
  trainingMessages: fixedTexts(TRAINING_MESSAGES),
  deliveryMessages: DELIVERY_MESSAGES,
  managerMessages: MANAGER_MESSAGES,
  emailSettingsMessages: EMAIL_SETTINGS_MESSAGES,
  entitlementMessages: fixedTexts(ENTITLEMENT_MESSAGES),
  trialMessages: TRIAL_MESSAGES,
  'partners.messages': fixedTexts(PARTNER_MESSAGES),
  integrationMessages: fixedTexts(DIRECTORY_MESSAGES),
  ssoMessages: SSO_MESSAGES,
  packageMessages: PACKAGE_MESSAGES,
};

const messageKeys = new Map<string, string>(
  Object.entries(SHARED_MESSAGES).flatMap(([section, texts]) =>
    Object.entries(texts).map(([key, message]) => [message, `${section}.${key}`] as const),
  ),
);

/** Error codes whose text the app knows in every language (the payload's `error` field). */
const KNOWN_ERROR_CODES = new Set(['not_registered', 'network_error', 'unexpected_response']);

/** Shows a shared message (validation, spec texts) in the interface language. */
export function translateMessage(t: TFunction, message: string): string {
  const key = messageKeys.get(message);
  return key ? t(key) : message;
}

/** The text to show for a failed call: a translated known error, else the server's own message. */
export function translateError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && KNOWN_ERROR_CODES.has(error.code)) return t(`errors.${error.code}`);
    if (error.status === 429) return t('errors.rate_limited');
    return translateMessage(t, error.message);
  }
  return t('errors.generic');
}
