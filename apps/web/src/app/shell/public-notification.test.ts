import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeNotification } from './public-notification.ts';

describe('activeNotification', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an active notification', () => {
    const file = { status: 'active', type: 'warning', message: 'Maintenance tonight at 22:00.' };
    expect(activeNotification(file)).toEqual(file);
  });

  it('shows nothing for an inactive or empty one', () => {
    expect(activeNotification({ status: 'inactive', type: 'info', message: 'Old news' })).toBeNull();
    expect(activeNotification({ status: 'active', type: 'info', message: '  ' })).toBeNull();
  });

  it('only logs a file it cannot read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(activeNotification({ status: 'active', type: 'party', message: 'x' })).toBeNull();
    expect(activeNotification('<html>')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
