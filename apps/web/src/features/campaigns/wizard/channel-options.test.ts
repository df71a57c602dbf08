import { describe, expect, it } from 'vitest';
import { channelKeysOf, channelOptions, usableChannelMask } from './channel-options.ts';

describe('channels', () => {
  const plan = { settings: {}, havePartnerSubscription: false, subscription: null };

  it('offers email, and Slack and Teams with the reason they cannot be used yet', () => {
    expect(channelOptions(plan).map((o) => [o.key, o.blocked])).toEqual([
      ['email', null],
      ['slack', 'configure'],
      ['teams', 'configure'],
    ]);
    const partner = { ...plan, havePartnerSubscription: true };
    expect(channelOptions(partner).map((o) => o.blocked)).toEqual([null, 'upgrade', 'upgrade']);
    expect(usableChannelMask(channelOptions(plan))).toBe(1);
    expect(channelKeysOf(5)).toEqual(['email', 'teams']);
  });
});
