import { DELIVERY_MESSAGES } from '@vigil/shared';
import type { TFunction } from 'i18next';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';

const DELIVERY_MESSAGE_KEYS = new Map<string, string>(
  Object.entries(DELIVERY_MESSAGES).map(([key, message]) => [message, `deliveryMessages.${key}`]),
);

/** A delivery or reminder message (DELIVERY_MESSAGES, or another shared text) in the interface language. */
export function translateDeliveryMessage(t: TFunction, message: string): string {
  const key = DELIVERY_MESSAGE_KEYS.get(message);
  return key ? t(key) : translateMessage(t, message);
}

/** The text for a failed delivery call: the server's message, translated where the app knows it. */
export function deliveryErrorText(t: TFunction, error: unknown): string {
  return translateDeliveryMessage(t, translateError(t, error));
}
