import { describe, expect, it } from 'vitest';
import { channelKeysOf, channelOptions, usableChannelMask } from './channel-options.ts';

describe('channels', () => {
  const plan = { settings: {}, havePartnerSubscription: false, subscription: null };

  it('offers email, and Slack and Teams once connected, else with the reason they cannot be used', () => {
    expect(channelOptions(plan).map((o) => [o.key, o.blocked])).toEqual([
      ['email', null],
      ['slack', 'configure'],
      ['teams', 'configure'],
    ]);
    // A partner subscription without Slack or Teams in its definition (spec 1 §4).
    const partner = {
      ...plan,
      havePartnerSubscription: true,
      subscription: {
        package_name: 'Partner',
        package_users: 10,
        package_trial: false,
        package_valid_from: null,
        package_valid_to: null,
        package_valid: 1 as const,
        partner: true,
        definition: {},
      },
    };
    expect(channelOptions(partner).map((o) => o.blocked)).toEqual([null, 'upgrade', 'upgrade']);
    expect(usableChannelMask(channelOptions(plan))).toBe(1);
    // Connected Slack is offered; a plan without it says upgrade even when connected.
    const chat = {
      slack: { available: true, connected: true },
      teams: { available: true, connected: false },
    };
    expect(channelOptions(plan, chat).map((o) => o.blocked)).toEqual([null, null, 'configure']);
    expect(usableChannelMask(channelOptions(plan, chat))).toBe(3);
    expect(channelOptions(partner, chat).map((o) => o.blocked)).toEqual([null, 'upgrade', 'upgrade']);
    expect(channelKeysOf(5)).toEqual(['email', 'teams']);
  });
});
