import { CHANNELS } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { keepUsableChannels } from './usable-channels.ts';

describe('keepUsableChannels', () => {
  it('drops a channel that is no longer connected, and says which', () => {
    const view = { channel: CHANNELS.email | CHANNELS.slack, reminders_channel: CHANNELS.slack, name: 'x' };
    expect(keepUsableChannels(view, CHANNELS.email | CHANNELS.teams)).toEqual({
      view: { channel: CHANNELS.email, reminders_channel: CHANNELS.email, name: 'x' },
      dropped: ['slack'],
    });
  });

  it('keeps every channel that can be used', () => {
    const view = { channel: CHANNELS.email | CHANNELS.teams, reminders_channel: CHANNELS.teams };
    expect(keepUsableChannels(view, 7)).toEqual({ view, dropped: [] });
  });
});
