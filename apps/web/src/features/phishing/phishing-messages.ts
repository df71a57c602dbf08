import { PHISHING_MESSAGES, PHISHING_TRACKING_MESSAGES } from '@vigil/shared';
import type { TFunction } from 'i18next';
import { translateError, translateMessage } from '../../lib/translate-message.ts';

/** The fixed texts of the phishing contracts, by the locale key that translates them. */
const keyOf = new Map<string, string>([
  ...Object.entries(PHISHING_MESSAGES).map(([key, text]) => [text, `phishing.messages.${key}`] as const),
  ...Object.entries(PHISHING_TRACKING_MESSAGES).map(
    ([key, text]) => [text, `phishing.trackingMessages.${key}`] as const,
  ),
]);

/** A message of the phishing area (from the contract or the server) in the interface language. */
export function translatePhishingMessage(t: TFunction, message: string): string {
  const key = keyOf.get(message);
  return key ? t(key) : translateMessage(t, message);
}

/** A failed call's message; the server joins several with '; ', each is translated. */
export function translatePhishingError(t: TFunction, error: unknown): string {
  return translateError(t, error)
    .split('; ')
    .map((part) => translatePhishingMessage(t, part))
    .join('; ');
}
