import { CHANNELS, isIntegrationAvailable, type ChatChannels, type Company } from '@vigil/shared';

export type ChannelKey = keyof typeof CHANNELS;

export interface ChannelOption {
  key: ChannelKey;
  bit: number;
  /** Why the channel cannot be chosen: the plan lacks it, or it is not connected yet; null when it can. */
  blocked: 'upgrade' | 'configure' | null;
}

type CompanyPlan = Pick<Company, 'settings' | 'havePartnerSubscription' | 'subscription'>;

/**
 * Spec 2 §5 Channels: email always; Slack and Teams only when the plan has them and they are connected
 * (`chat`, from the server; unknown yet: not connected), otherwise offered with the reason they are off.
 */
export function channelOptions(company: CompanyPlan, chat?: ChatChannels): ChannelOption[] {
  const integration = (key: 'slack' | 'teams'): ChannelOption => ({
    key,
    bit: CHANNELS[key],
    blocked: !isIntegrationAvailable(company, key) ? 'upgrade' : chat?.[key].connected ? null : 'configure',
  });
  return [{ key: 'email', bit: CHANNELS.email, blocked: null }, integration('slack'), integration('teams')];
}

/** The channels that can be chosen now, as a bit mask. */
export const usableChannelMask = (options: readonly ChannelOption[]): number =>
  options.filter((o) => o.blocked === null).reduce((mask, o) => mask | o.bit, 0);

/** The channels of a mask, for a summary. */
export const channelKeysOf = (mask: number): ChannelKey[] =>
  (Object.keys(CHANNELS) as ChannelKey[]).filter((key) => (mask & CHANNELS[key]) !== 0);
