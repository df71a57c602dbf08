import { describe, expect, it } from 'vitest';
import { isExternalHttpUrl, signInPath, withTrailingSlash } from './paths.ts';

describe('paths', () => {
  it('gives every path its trailing slash and keeps one that has it', () => {
    expect(withTrailingSlash('/settings')).toBe('/settings/');
    expect(withTrailingSlash('/settings/')).toBe('/settings/');
  });

  it('sends signed-out users to sign-in with a redirect back, except for the home page', () => {
    expect(signInPath('/settings/admins/')).toBe('/auth/signin/?redirect=%2Fsettings%2Fadmins%2F');
    expect(signInPath('/')).toBe('/auth/signin/');
    expect(signInPath()).toBe('/auth/signin/');
  });

  it('lets only http(s) links leave the app', () => {
    expect(isExternalHttpUrl('https://help.example.com')).toBe(true);
    expect(isExternalHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isExternalHttpUrl('not a url')).toBe(false);
    expect(isExternalHttpUrl(undefined)).toBe(false);
  });
});
