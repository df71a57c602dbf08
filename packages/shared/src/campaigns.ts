/**
 * Pieces the two campaign kinds (training programs and assessments) share in their API shapes: the
 * derived permissions, the status label, the list tabs' counts and the page query.
 */
import { z } from 'zod';

/** What the server derives from a campaign's state and the manager's role (spec 2 §4). */
export const CampaignPermissions = {
  canEdit: z.boolean(),
  canCopy: z.boolean(),
  canStop: z.boolean(),
  canPause: z.boolean(),
  canRemind: z.boolean(),
  canDelete: z.boolean(),
};

export const StatusInfo = z.object({ label: z.string(), color: z.string() });

/** The list tabs' counts; the Draft tab is for admins, so viewers get 0 there. */
export const TabCounts = z.object({
  all: z.number(),
  active: z.number(),
  completed: z.number(),
  draft: z.number(),
});
export type TabCounts = z.infer<typeof TabCounts>;
export const tabCountsFor = (counts: TabCounts, isAdmin: boolean): TabCounts => ({
  all: counts.all,
  active: counts.active,
  completed: counts.completed,
  draft: isAdmin ? counts.draft : 0,
});

/** A page of a server-paged table: p from 1, n rows (spec 2 §9: 10 by default). */
export const pageQuery = (pageSize: number) => ({
  p: z.coerce.number().int().min(1).max(100_000).default(1),
  n: z.coerce.number().int().min(1).max(100).default(pageSize),
});
