import { learnerLink } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { readLinkToken } from './link-token.ts';

describe('readLinkToken', () => {
  it('reads the token of a training mail link', () => {
    const link = new URL(learnerLink('http://host/learn', 'abc-123_XYZ'));
    expect(readLinkToken(link.hash)).toBe('abc-123_XYZ');
  });

  it('decodes an encoded token', () => {
    const link = new URL(learnerLink('http://host/learn', 'a+b/c='));
    expect(readLinkToken(link.hash)).toBe('a+b/c=');
  });

  it('ignores app routes, empty fragments and other parameters', () => {
    expect(readLinkToken('')).toBeNull();
    expect(readLinkToken('#')).toBeNull();
    expect(readLinkToken('#/trainings/1/subjects/2')).toBeNull();
    expect(readLinkToken('#x=1')).toBeNull();
    expect(readLinkToken('#t=')).toBeNull();
  });

  it('accepts the fragment without its hash sign', () => {
    expect(readLinkToken('t=tok')).toBe('tok');
  });
});
