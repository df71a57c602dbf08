import { readFileSync } from 'node:fs';
import { DELIVERY_MESSAGES } from '@vigil/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { deliveryErrorText, translateDeliveryMessage } from './delivery-messages.ts';

const section = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../public/static/locales/${language}/common.json`, import.meta.url),
      'utf8',
    ),
  ).deliveryMessages;

const t = ((key: string) => `[${key}]`) as unknown as TFunction;

describe('delivery messages', () => {
  it("are the specification's English words in English", () => {
    expect(section('en')).toEqual(DELIVERY_MESSAGES);
  });

  it.each(['de', 'fr', 'es'])('are all translated in %s', (language) => {
    const texts = section(language);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(DELIVERY_MESSAGES).sort());
    for (const text of Object.values(texts)) expect(text).not.toBe('');
    expect(texts.remindersSent).not.toBe(DELIVERY_MESSAGES.remindersSent);
  });

  it('translates the known messages and keeps the server’s other ones', () => {
    expect(translateDeliveryMessage(t, DELIVERY_MESSAGES.reminderSent)).toBe(
      '[deliveryMessages.reminderSent]',
    );
    expect(translateDeliveryMessage(t, 'Mail server down')).toBe('Mail server down');
    const error = new ApiError(409, { error: 'conflict', description: DELIVERY_MESSAGES.notRemindable });
    expect(deliveryErrorText(t, error)).toBe('[deliveryMessages.notRemindable]');
  });
});
