import { storedValue, type StoredValue } from '../../../lib/stored-value.ts';
import { DEFAULT_CHANNELS, usableChannels, type ChannelChoice } from './wizard-state.ts';

/** Spec 2 §9: the last chosen delivery and reminder channels, remembered per company in the browser. */
const storageKey = (companyId: string) => `trainingChannels:${companyId}`;

const stores = new Map<string, StoredValue>();

function storeOf(companyId: string): StoredValue {
  const key = storageKey(companyId);
  let store = stores.get(key);
  if (!store) {
    store = storedValue(key);
    stores.set(key, store);
  }
  return store;
}

/** The remembered choice as stored, limited to the channels usable now; the defaults when unreadable. */
function readJson(raw: string | null): unknown {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function parseChannels(raw: string | null, usable: number): ChannelChoice {
  const value = readJson(raw);
  const stored =
    value && typeof value === 'object' ? (value as Partial<Record<keyof ChannelChoice, unknown>>) : {};
  const mask = (v: unknown, fallback: number) =>
    usableChannels(typeof v === 'number' && Number.isInteger(v) ? v : fallback, usable);
  return {
    channel: mask(stored.channel, DEFAULT_CHANNELS.channel),
    remindersChannel: mask(stored.remindersChannel, DEFAULT_CHANNELS.remindersChannel),
  };
}

export function rememberedChannels(companyId: string, usable: number): ChannelChoice {
  return parseChannels(storeOf(companyId).get(), usable);
}

export function rememberChannels(companyId: string, choice: ChannelChoice): void {
  storeOf(companyId).set(JSON.stringify(choice));
}
