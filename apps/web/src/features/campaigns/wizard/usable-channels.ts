import { CHANNELS } from '@vigil/shared';
import { channelKeysOf, type ChannelKey } from './channel-options.ts';

/**
 * A copied or edited campaign keeps only the channels that can be used now (spec 2 §5: Slack and Teams
 * only while available and connected): the others are dropped, email standing in when none is left.
 * Returns the view with its channels kept and the channels dropped, for the wizard to say so.
 */
export function keepUsableChannels<V extends { channel: number; reminders_channel: number }>(
  view: V,
  usable: number,
): { view: V; dropped: ChannelKey[] } {
  const keep = (mask: number) => mask & usable || CHANNELS.email;
  const dropped = channelKeysOf((view.channel | view.reminders_channel) & ~usable);
  return {
    view: { ...view, channel: keep(view.channel), reminders_channel: keep(view.reminders_channel) },
    dropped,
  };
}
