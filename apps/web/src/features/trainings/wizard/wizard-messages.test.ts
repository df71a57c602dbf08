import { readFileSync } from 'node:fs';
import { TRAINING_MESSAGES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { parseChannels } from './channel-memory.ts';
import { WIZARD_TEXTS } from './wizard-messages.ts';
import { totalMinutes } from './wizard-format.ts';

type Texts = { [key: string]: string | Texts };
const en = JSON.parse(
  readFileSync(new URL('../../../../public/static/locales/en/common.json', import.meta.url), 'utf8'),
) as { trainingWizard: { messages: Record<string, string> } };
const messages = en.trainingWizard.messages;
const fill = (text: string | undefined, values: Record<string, string | number>) =>
  text?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe('the wizard texts', () => {
  it("write the contract's messages in the spec's English words", () => {
    for (const [key, text] of Object.entries(WIZARD_TEXTS)) expect(messages[key]).toBe(text);
    expect(fill(messages.unavailable, { n: 2, m: 5 })).toBe(TRAINING_MESSAGES.unavailable(2, 5));
    expect(fill(messages.integrationUpgrade, { channel: 'Slack' })).toBe(
      TRAINING_MESSAGES.integrationUpgrade('Slack'),
    );
    expect(fill(messages.integrationConfigure, { channel: 'Teams' })).toBe(
      TRAINING_MESSAGES.integrationConfigure('Teams'),
    );
    expect(fill(messages.previewBadRecipient, { email: 'x@' })).toBe(
      TRAINING_MESSAGES.previewBadRecipient('x@'),
    );
  });

  it('has the same keys in every language', () => {
    const keys = (texts: Texts, prefix = ''): string[] =>
      Object.entries(texts).flatMap(([key, value]) =>
        typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`),
      );
    const section = (lang: string) =>
      (
        JSON.parse(
          readFileSync(
            new URL(`../../../../public/static/locales/${lang}/common.json`, import.meta.url),
            'utf8',
          ),
        ) as { trainingWizard: Texts }
      ).trainingWizard;
    const english = keys(section('en')).sort();
    for (const lang of ['de', 'fr', 'es']) expect(keys(section(lang)).sort()).toEqual(english);
  });
});

describe('channels', () => {
  it('reads the remembered channels, keeping only usable ones', () => {
    expect(parseChannels('{"channel":3,"remindersChannel":2}', 1)).toEqual({
      channel: 1,
      remindersChannel: 1,
    });
    expect(parseChannels('{"channel":3,"remindersChannel":2}', 7)).toEqual({
      channel: 3,
      remindersChannel: 2,
    });
    expect(parseChannels('not json', 1)).toEqual({ channel: 1, remindersChannel: 1 });
    expect(parseChannels(null, 1)).toEqual({ channel: 1, remindersChannel: 1 });
  });
});

describe('formats', () => {
  it('sums the subjects in whole minutes', () => {
    expect(totalMinutes([])).toBe(0);
    expect(totalMinutes([{ duration: 20 }])).toBe(1);
    expect(totalMinutes([{ duration: 120 }, { duration: 150 }])).toBe(5);
  });
});
