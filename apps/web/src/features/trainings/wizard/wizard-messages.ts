import { SCHEDULE_MESSAGES } from '@vigil/shared';
import type { TFunction } from 'i18next';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { CHOOSE_TEMPLATE_MESSAGE, SUBJECTS_PER_INTERVAL_MESSAGE } from './wizard-state.ts';

/**
 * The wizard's own message texts; the fixed training messages of the contract are translated by the
 * app's `trainingMessages` section, and those built from values have keys here.
 */
export const MESSAGES_SECTION = 'trainingWizard.messages';

/** Texts the wizard shows that the contract does not list with the training messages, by key. */
export const WIZARD_TEXTS: Record<string, string> = {
  dateInPast: SCHEDULE_MESSAGES.dateInPast,
  subjectsPerInterval: SUBJECTS_PER_INTERVAL_MESSAGE,
  chooseTemplate: CHOOSE_TEMPLATE_MESSAGE,
};

const keyOf = new Map(
  Object.entries(WIZARD_TEXTS).map(([key, text]) => [text, `${MESSAGES_SECTION}.${key}`]),
);

const BAD_RECIPIENT = /^(.+) is not a valid email address\.$/;

/** A training message (a spec text from the contract or the server) in the interface language. */
export function translateTrainingMessage(t: TFunction, message: string): string {
  const key = keyOf.get(message);
  if (key) return t(key);
  const badRecipient = BAD_RECIPIENT.exec(message);
  if (badRecipient) return t(`${MESSAGES_SECTION}.previewBadRecipient`, { email: badRecipient[1] });
  return translateMessage(t, message);
}

/** A failed call's message; the server joins several messages with '; ', each is translated. */
export function translateTrainingError(t: TFunction, error: unknown): string {
  return translateError(t, error)
    .split('; ')
    .map((part) => translateTrainingMessage(t, part))
    .join('; ');
}
