import { z } from 'zod';

/*
 * The public notification (spec 1 §3), which the manager app's shell shows as a banner on every page:
 * apart from the dashboard's contract, so that the shell does not build the dashboard's schemas as the
 * app starts.
 */

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
/** The public notification file (spec 1 §3): shown as a banner while its status is 'active'. */
export const PublicNotification = z.object({
  status: z.enum(['active', 'inactive']),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string().max(500),
});
export type PublicNotification = z.infer<typeof PublicNotification>;
