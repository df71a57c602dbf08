import { describe, expect, it } from 'vitest';
import { phishingDeliveryOf, phishingToken } from './phishing-token.ts';

const key = 'k'.repeat(32);

describe('phishing tokens', () => {
  it('names its delivery and is 27 URL-safe characters', () => {
    for (const id of [1, 42, 9_999_999, Number.MAX_SAFE_INTEGER]) {
      const token = phishingToken(key, id);
      expect(token).toMatch(/^[A-Za-z0-9_-]{27}$/);
      expect(phishingDeliveryOf(key, token)).toBe(id);
    }
  });

  it('refuses an altered token, another key, and malformed input', () => {
    const token = phishingToken(key, 1234);
    const flipped = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
    expect(phishingDeliveryOf(key, flipped)).toBeNull();
    expect(phishingDeliveryOf('x'.repeat(32), token)).toBeNull();
    expect(phishingDeliveryOf(key, '')).toBeNull();
    expect(phishingDeliveryOf(key, `${token}=`)).toBeNull();
    expect(phishingDeliveryOf(key, token.replace(/./, '+'))).toBeNull();
  });
});
