import { describe, expect, it } from 'vitest';
import { safeRedirect } from './validation.ts';

describe('safeRedirect', () => {
  it('keeps paths inside the app with their query and fragment', () => {
    expect(safeRedirect('/settings')).toBe('/settings');
    expect(safeRedirect('settings/company')).toBe('/settings/company');
    expect(safeRedirect('/trainings?tab=active#top')).toBe('/trainings?tab=active#top');
    expect(safeRedirect('/a/../b')).toBe('/b');
  });

  it('refuses every way out of the origin, as a browser would read it', () => {
    const escapes = [
      '/\t/evil.example',
      decodeURIComponent('%2F%09%2Fevil.example'),
      '/\n/evil.example',
      '/\r\n/evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\\t\\evil.example',
      '/x/..//evil.example',
      '/.//evil.example',
      '\t//evil.example',
    ];
    for (const value of escapes) expect(safeRedirect(value), JSON.stringify(value)).toBe('/');
  });

  it('reads a full address or a scheme as a path of our own', () => {
    for (const value of ['https://evil.example/', 'javascript:alert(1)', 'evil.example']) {
      const target = safeRedirect(value);
      expect(target, value).toMatch(/^\/[^/\\\s]/);
    }
  });

  it('answers the fallback for missing values', () => {
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect('', '/home')).toBe('/home');
    expect(safeRedirect(42)).toBe('/');
  });
});
