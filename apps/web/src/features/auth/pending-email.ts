import { z } from 'zod';

const KEY = 'vigil.pendingEmail';

/** What the check-email page needs to send the mail again (kept for this tab only). */
const PendingEmail = z.object({
  email: z.string(),
  kind: z.enum(['login', 'signup']),
  redirect: z.string().optional(),
  /** A sign-up for an address that already had an account: a sign-in link was sent instead. */
  existingAccount: z.boolean().optional(),
});
export type PendingEmail = z.infer<typeof PendingEmail>;

export function rememberPendingEmail(value: PendingEmail): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Without storage the page simply cannot offer to resend.
  }
}

export function readPendingEmail(): PendingEmail | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = PendingEmail.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
