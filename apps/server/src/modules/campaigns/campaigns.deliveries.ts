import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryEventRow, DeliveryStatus, DeliveryUsersQuery } from '@vigil/shared';
import type { z } from 'zod';
import { toIso, type Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { peopleListing, presentIdentity } from '../../lib/privacy.ts';
import { privacyOfTenant } from '../companies/companies.service.ts';
import {
  campaignDeliveryEvents,
  campaignDeliveryUsers,
  campaignEvent,
  failPendingOn,
  type CampaignDeliveryTables,
} from './campaigns.deliveries.queries.ts';
import { campaignKinds } from './campaigns.kind.ts';
import { pageWindow } from './campaigns.manage.ts';

export type { CampaignDeliveryTables };

/**
 * The delivery status every kind shows (spec 2 §2): each event of a campaign with how many of its
 * deliveries are sent, pending, bounced or failed, then one event per employee and channel. The kind
 * finds its campaign first (its visibility rule and not-found text); this reads its tables.
 */
export async function deliveryStatusOf(
  db: Db,
  tenant: TenantContext,
  tables: CampaignDeliveryTables,
  campaignId: string,
  /** What an event held, as an array of ids (training programs: its lessons). */
  subjects: SQL = sql`array[]::text[]`,
): Promise<DeliveryEventRow[]> {
  const rows = await campaignDeliveryEvents(db, tenant, tables, campaignId, subjects);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    manual: r.manual,
    date: new Date(r.send_at).toISOString(),
    status: r.status,
    subjects: r.subject_ids,
    counts: { pending: r.pending, sent: r.sent, bounced: r.bounced, failed: r.failed },
  }));
}

/** The campaign's event, or 404. */
export async function requireCampaignEvent(
  db: Db,
  tenant: TenantContext,
  tables: CampaignDeliveryTables,
  campaignId: string,
  eventId: string,
) {
  const event = await campaignEvent(db, tenant, tables, campaignId, eventId);
  if (!event) throw NotFound('Delivery not found.');
  return event;
}

/** One page of an event per employee and channel; under anonymous tracking without names or emails. */
export async function deliveryUsersOf(
  db: Db,
  tenant: TenantContext,
  tables: CampaignDeliveryTables,
  campaignId: string,
  eventId: string,
  q: z.output<typeof DeliveryUsersQuery>,
) {
  await requireCampaignEvent(db, tenant, tables, campaignId, eventId);
  const privacy = await privacyOfTenant(db, tenant);
  const page = await campaignDeliveryUsers(db, tenant, tables.deliveries, eventId, {
    ...peopleListing(privacy, q.q),
    status: q.status,
    ...pageWindow(q),
  });
  return {
    total: page.total,
    rows: page.rows.map((r) =>
      presentIdentity(privacy, {
        email: r.email,
        name: r.name,
        status: (r.status === 'sending' ? 'pending' : r.status) as DeliveryStatus,
        sentAt: toIso(r.sent_at),
        attempts: r.attempts,
        error: r.error,
        channel: r.channel,
      }),
    ),
  };
}

/**
 * A channel the company disconnected: every kind's deliveries of it still waiting fail at once with
 * `reason` (shown in the delivery status); the other channels' deliveries go on. A delivery a sender
 * already holds is refused by that sender (the channel is not connected). Returns how many failed.
 */
export async function failPendingDeliveriesOn(
  db: Db,
  scope: CompanyScope,
  channel: number,
  reason: string,
): Promise<number> {
  let failed = 0;
  for (const kind of campaignKinds())
    failed += await failPendingOn(db, scope, kind.tables.deliveries, channel, reason);
  return failed;
}
