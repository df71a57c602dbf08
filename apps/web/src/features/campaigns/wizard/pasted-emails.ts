import { ManualEmployee, type AddUsersRequest } from '@vigil/shared';

/**
 * Addresses pasted from anywhere: separated by commas, semicolons, spaces or lines, optionally in
 * angle brackets or quotes ("Ann <ann@example.com>"). Everything that is not an address — names,
 * typos — is dropped (spec 2 §5: users without an email are not saved); each address counts once.
 */
export function parsePastedEmails(text: string): string[] {
  const emails = new Set<string>();
  for (const token of text.split(/[\s,;]+/)) {
    const candidate = token.replace(/^[<"'(]+|[>"')]+$/g, '').toLowerCase();
    if (candidate.includes('@') && ManualEmployee.safeParse({ email: candidate }).success)
      emails.add(candidate);
  }
  return [...emails];
}

/** The add-users calls for the addresses, at most 1000 a call (the contract's limit). */
export function usersBatches(emails: readonly string[], size = 1000): AddUsersRequest[] {
  const batches: AddUsersRequest[] = [];
  for (let i = 0; i < emails.length; i += size) {
    batches.push({ users: emails.slice(i, i + size).map((email) => ({ email, name: '' })) });
  }
  return batches;
}
