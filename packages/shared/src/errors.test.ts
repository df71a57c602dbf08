import { describe, expect, it } from 'vitest';
import { extractErrorMessage, GENERIC_ERROR_MESSAGE } from './errors.ts';

describe('extractErrorMessage', () => {
  it('prefers the description', () => {
    expect(
      extractErrorMessage({ error: 'Bad Request', description: 'Nope', errors: [{ message: 'a' }] }),
    ).toBe('Nope');
  });
  it('joins the list of errors with "; " when there is no description', () => {
    expect(extractErrorMessage({ error: 'Bad Request', errors: [{ message: 'a' }, { message: 'b' }] })).toBe(
      'a; b',
    );
  });
  it('falls back to the error field, then a generic message', () => {
    expect(extractErrorMessage({ error: 'Forbidden' })).toBe('Forbidden');
    expect(extractErrorMessage({})).toBe(GENERIC_ERROR_MESSAGE);
    expect(extractErrorMessage('oops')).toBe(GENERIC_ERROR_MESSAGE);
  });
});
