import { describe, expect, it } from 'vitest';
import { parsePastedEmails, usersBatches } from './pasted-emails.ts';

describe('pasted email addresses', () => {
  it('reads addresses from any separators, lower-cased and each once', () => {
    const text = 'Ann@Example.com, ben@example.com;carl@example.com\n\tann@example.com  dora@example.com';
    expect(parsePastedEmails(text)).toEqual([
      'ann@example.com',
      'ben@example.com',
      'carl@example.com',
      'dora@example.com',
    ]);
  });

  it('drops names and anything that is not an address', () => {
    expect(parsePastedEmails('"Ann Lee" <ann@example.com>, Ben, not-an-email, x@y')).toEqual([
      'ann@example.com',
    ]);
    expect(parsePastedEmails('   ')).toEqual([]);
  });

  it('adds at most 1000 employees a call, without names', () => {
    const emails = Array.from({ length: 2001 }, (_, i) => `e${i}@example.com`);
    const batches = usersBatches(emails);
    expect(batches.map((b) => b.users.length)).toEqual([1000, 1000, 1]);
    expect(batches[2]?.users[0]).toEqual({ email: 'e2000@example.com', name: '' });
  });
});
