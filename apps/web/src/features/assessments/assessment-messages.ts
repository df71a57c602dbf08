import { ASSESSMENT_MESSAGES } from '@vigil/shared';
import type { TFunction } from 'i18next';
import { fixedTexts, translateError, translateMessage } from '../../lib/translate-message.ts';

/** The locale section that translates the fixed assessment messages of the contract, by their key. */
export const ASSESSMENT_MESSAGES_SECTION = 'assessments.messages';

const keyOf = new Map(
  Object.entries(fixedTexts(ASSESSMENT_MESSAGES)).map(([key, text]) => [
    text,
    `${ASSESSMENT_MESSAGES_SECTION}.${key}`,
  ]),
);

/** A spec message of the assessment area (from the contract or the server) in the interface language. */
export function translateAssessmentMessage(t: TFunction, message: string): string {
  const key = keyOf.get(message);
  return key ? t(key) : translateMessage(t, message);
}

/** A failed call's message; the server joins several with '; ', each is translated. */
export function translateAssessmentError(t: TFunction, error: unknown): string {
  return translateError(t, error)
    .split('; ')
    .map((part) => translateAssessmentMessage(t, part))
    .join('; ');
}
