import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { CAMPAIGN_TAB_STATUSES, type CampaignTab } from '@vigil/shared';
import { escapeLike, queryRows, type Db } from '../../db/client.ts';
import {
  phishingCampaignLists,
  phishingCampaigns,
  phishingDeliveries,
  phishingEvents,
  phishingInteractions,
  phishingSenderProfiles,
  phishingTemplates,
  trainings,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { tabCountColumns } from '../../lib/tab-counts.ts';
import {
  campaignRow,
  deleteCampaign,
  insertCampaign,
  updateCampaign,
  latestCampaigns,
  listsOfCampaign,
  replaceCampaignLists,
  type CampaignListsTable,
} from '../campaigns/campaigns.service.ts';

/** The manager side's SQL of phishing simulations: the list page, one simulation, its figures and events. */

export type PhishingRecord = typeof phishingCampaigns.$inferSelect;
export type PhishingInsert = Omit<typeof phishingCampaigns.$inferInsert, 'companyId'>;

export const PHISHING_LISTS: CampaignListsTable = {
  table: phishingCampaignLists,
  campaignId: phishingCampaignLists.campaignId,
  listId: phishingCampaignLists.listId,
  companyId: phishingCampaignLists.companyId,
};

export interface PhishingListFilter {
  tab: CampaignTab;
  includeDrafts: boolean;
  q?: string | undefined;
  listId?: string | undefined;
}

function filterConditions(scope: CompanyScope, f: PhishingListFilter): SQL[] {
  const where: SQL[] = [eq(phishingCampaigns.companyId, scope.companyId)];
  if (!f.includeDrafts) where.push(sql`${phishingCampaigns.status} <> 'draft'`);
  if (f.q) where.push(ilike(phishingCampaigns.name, `%${escapeLike(f.q)}%`));
  if (f.listId)
    where.push(sql`exists (select 1 from ${phishingCampaignLists} l
      where l.campaign_id = ${phishingCampaigns.id} and l.list_id = ${f.listId})`);
  return where;
}

const SORT_KEYS = {
  name: phishingCampaigns.name,
  created: phishingCampaigns.createdAt,
  updated: phishingCampaigns.updatedAt,
  windowStart: phishingCampaigns.windowStart,
} as const;

/** One list page of simulations (the figures are added by `figuresOf`) and the tabs' counts. */
export async function phishingPage(
  db: Db,
  scope: CompanyScope,
  f: PhishingListFilter,
  page: { order: keyof typeof SORT_KEYS; direction: 'asc' | 'desc'; limit: number; offset: number },
) {
  const where = filterConditions(scope, f);
  const inTab = inArray(phishingCampaigns.status, [...CAMPAIGN_TAB_STATUSES[f.tab]]);
  const key = SORT_KEYS[page.order];
  const order = page.direction === 'asc' ? sql`${key} asc nulls last` : sql`${key} desc nulls last`;
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(phishingCampaigns)
      .where(and(...where, inTab))
      .orderBy(order, asc(phishingCampaigns.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select(tabCountColumns(phishingCampaigns.status, CAMPAIGN_TAB_STATUSES, f.tab))
      .from(phishingCampaigns)
      .where(and(...where)),
  ]);
  return { rows, counts: counts! };
}

export interface PhishingFigureRow {
  recipients: number;
  sent: number;
  clicked: number;
  submitted: number;
  reported: number;
  scannerEvents: number;
  prone: number;
}

const ZERO: PhishingFigureRow = {
  recipients: 0,
  sent: 0,
  clicked: 0,
  submitted: 0,
  reported: 0,
  scannerEvents: 0,
  prone: 0,
};

/** Per simulation: employees reached and sent to, and those who clicked, submitted, reported. */
export async function figuresOf(
  db: Db,
  scope: CompanyScope,
  ids: string[],
): Promise<Map<string, PhishingFigureRow>> {
  const figures = new Map(ids.map((id) => [id, { ...ZERO }]));
  if (ids.length === 0) return figures;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [sent, acted] = await Promise.all([
    queryRows<{ id: string; recipients: number; sent: number }>(
      db,
      sql`select d.campaign_id as id, count(distinct d.employee_id)::int as recipients,
            count(distinct d.employee_id) filter (where d.status = 'sent')::int as sent
          from ${phishingDeliveries} d
          where d.company_id = ${scope.companyId} and d.campaign_id in (${idList})
          group by d.campaign_id`,
    ),
    queryRows<{
      id: string;
      clicked: number;
      submitted: number;
      reported: number;
      scanner: number;
      prone: number;
    }>(
      db,
      sql`select i.campaign_id as id,
            count(distinct i.employee_id) filter (where i.kind = 'clicked')::int as clicked,
            count(distinct i.employee_id) filter (where i.kind = 'submitted')::int as submitted,
            count(distinct i.employee_id) filter (where i.kind = 'reported')::int as reported,
            count(*) filter (where i.kind = 'scanner')::int as scanner,
            count(distinct i.employee_id) filter (where i.kind in ('clicked', 'submitted'))::int as prone
          from ${phishingInteractions} i
          where i.company_id = ${scope.companyId} and i.campaign_id in (${idList})
          group by i.campaign_id`,
    ),
  ]);
  for (const r of sent) Object.assign(figures.get(r.id)!, { recipients: r.recipients, sent: r.sent });
  for (const r of acted)
    Object.assign(figures.get(r.id)!, {
      clicked: r.clicked,
      submitted: r.submitted,
      reported: r.reported,
      scannerEvents: r.scanner,
      prone: r.prone,
    });
  return figures;
}

export const phishingRow = (db: Db, scope: CompanyScope, id: string) =>
  campaignRow(db, scope, phishingCampaigns, id);

export const lockPhishing = (db: Db, scope: CompanyScope, id: string) =>
  campaignRow(db, scope, phishingCampaigns, id, true);

export const latestPhishing = (db: Db, scope: CompanyScope, includeDrafts: boolean, limit: number) =>
  latestCampaigns(db, scope, phishingCampaigns, includeDrafts, limit);

export const deletePhishing = (db: Db, scope: CompanyScope, id: string) =>
  deleteCampaign(db, scope, phishingCampaigns, id);

export const listsOfPhishing = (db: Db, scope: CompanyScope, id: string) =>
  listsOfCampaign(db, scope, PHISHING_LISTS, id);

export const replacePhishingLists = (db: Db, scope: CompanyScope, id: string, listIds: string[]) =>
  replaceCampaignLists(db, scope, PHISHING_LISTS, id, listIds);

export const insertPhishing = (db: Db, scope: CompanyScope, values: PhishingInsert) =>
  insertCampaign(db, scope, phishingCampaigns, values);

export const updatePhishing = (
  db: Db,
  scope: CompanyScope,
  id: string,
  values: Partial<PhishingInsert>,
  now = new Date(),
) => updateCampaign(db, scope, phishingCampaigns, id, values, now);

/** Whether the simulation has sent anything (its first event started). */
export async function hasStarted(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(phishingEvents)
    .where(
      and(
        eq(phishingEvents.companyId, scope.companyId),
        eq(phishingEvents.campaignId, id),
        inArray(phishingEvents.status, ['sending', 'sent']),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** The first send: one event at the window's start. */
export async function insertFirstSend(db: Db, scope: CompanyScope, id: string, sendAt: Date) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(phishingEvents)
    .where(eq(phishingEvents.campaignId, id));
  await db
    .insert(phishingEvents)
    .values({ companyId: scope.companyId, campaignId: id, type: 1, position: n, sendAt });
}

/**
 * What a pause or stop drops: planned events, and the mails not yet claimed (a claimed one is in
 * flight and settles as it goes). Mails already sent keep their rows and their tracking.
 */
export async function dropUnsent(db: Db, scope: CompanyScope, id: string) {
  await db
    .update(phishingEvents)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(phishingEvents.companyId, scope.companyId),
        eq(phishingEvents.campaignId, id),
        eq(phishingEvents.status, 'scheduled'),
      ),
    );
  await db.execute(sql`delete from ${phishingDeliveries}
    where company_id = ${scope.companyId} and campaign_id = ${id} and status = 'pending'`);
  await db.execute(sql`update ${phishingEvents} e set status = 'sent', sent_at = now()
    where e.company_id = ${scope.companyId} and e.campaign_id = ${id} and e.status = 'sending'
      and not exists (select 1 from ${phishingDeliveries} d where d.event_id = e.id
                      and d.status in ('pending', 'sending'))`);
}

// ── Sender profiles and custom templates ──

export const senderProfilesOf = (db: Db, scope: CompanyScope) =>
  db
    .select()
    .from(phishingSenderProfiles)
    .where(eq(phishingSenderProfiles.companyId, scope.companyId))
    .orderBy(asc(phishingSenderProfiles.createdAt), asc(phishingSenderProfiles.id));

export async function senderProfileOf(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .select()
    .from(phishingSenderProfiles)
    .where(and(eq(phishingSenderProfiles.companyId, scope.companyId), eq(phishingSenderProfiles.id, id)));
  return row;
}

export async function insertSenderProfile(
  db: Db,
  scope: CompanyScope,
  values: { name: string; domain: string; displayName: string | null },
) {
  const [row] = await db
    .insert(phishingSenderProfiles)
    .values({ ...values, companyId: scope.companyId })
    .returning();
  return row!;
}

export async function updateSenderProfile(
  db: Db,
  scope: CompanyScope,
  id: string,
  values: { name: string; domain: string; displayName: string | null },
) {
  const [row] = await db
    .update(phishingSenderProfiles)
    .set(values)
    .where(and(eq(phishingSenderProfiles.companyId, scope.companyId), eq(phishingSenderProfiles.id, id)))
    .returning();
  return row;
}

export async function deleteSenderProfile(db: Db, scope: CompanyScope, id: string) {
  await db
    .delete(phishingSenderProfiles)
    .where(and(eq(phishingSenderProfiles.companyId, scope.companyId), eq(phishingSenderProfiles.id, id)));
}

/** Unfinished simulations that name this sender profile, or this template reference. */
export async function unfinishedUsing(
  db: Db,
  scope: CompanyScope,
  what: { senderProfileId: string } | { templateRef: string },
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(phishingCampaigns)
    .where(
      and(
        eq(phishingCampaigns.companyId, scope.companyId),
        sql`${phishingCampaigns.status} <> 'completed'`,
        'senderProfileId' in what
          ? eq(phishingCampaigns.senderProfileId, what.senderProfileId)
          : sql`${what.templateRef} = any(${phishingCampaigns.templateIds})`,
      ),
    );
  return row?.n ?? 0;
}

export type CustomTemplateRecord = typeof phishingTemplates.$inferSelect;
export type CustomTemplateValues = Omit<
  typeof phishingTemplates.$inferInsert,
  'companyId' | 'id' | 'createdAt' | 'updatedAt' | 'createdBy'
>;

export const customTemplatesOf = (db: Db, scope: CompanyScope) =>
  db
    .select()
    .from(phishingTemplates)
    .where(eq(phishingTemplates.companyId, scope.companyId))
    .orderBy(asc(phishingTemplates.name), asc(phishingTemplates.id));

export async function customTemplatesByIds(db: Db, scope: CompanyScope, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(phishingTemplates)
    .where(and(eq(phishingTemplates.companyId, scope.companyId), inArray(phishingTemplates.id, ids)));
}

/** Custom templates of any company by id: the send loop's read (the rows it claimed name them). */
export async function customTemplatesAcrossCompanies(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(phishingTemplates).where(inArray(phishingTemplates.id, ids));
}

export async function insertCustomTemplate(
  db: Db,
  scope: CompanyScope,
  values: CustomTemplateValues & { createdBy: string | null },
) {
  const [row] = await db
    .insert(phishingTemplates)
    .values({ ...values, companyId: scope.companyId })
    .returning();
  return row!;
}

export async function updateCustomTemplate(
  db: Db,
  scope: CompanyScope,
  id: string,
  values: CustomTemplateValues,
  now = new Date(),
) {
  const [row] = await db
    .update(phishingTemplates)
    .set({ ...values, updatedAt: now })
    .where(and(eq(phishingTemplates.companyId, scope.companyId), eq(phishingTemplates.id, id)))
    .returning();
  return row;
}

export async function deleteCustomTemplate(db: Db, scope: CompanyScope, id: string) {
  await db
    .delete(phishingTemplates)
    .where(and(eq(phishingTemplates.companyId, scope.companyId), eq(phishingTemplates.id, id)));
}

/** A training program of the company by id (the on-click enrolment's target), with its name. */
export async function programOf(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .select({ id: trainings.id, name: trainings.name, status: trainings.status })
    .from(trainings)
    .where(and(eq(trainings.companyId, scope.companyId), eq(trainings.id, id)));
  return row;
}

/** A delivery of the company with its simulation's on-click settings. */
export async function deliveryWithCampaign(db: Db, scope: CompanyScope, deliveryId: number) {
  const [row] = await db
    .select({
      employeeId: phishingDeliveries.employeeId,
      campaignId: phishingCampaigns.id,
      onClick: phishingCampaigns.onClick,
      enrolProgramId: phishingCampaigns.enrolProgramId,
    })
    .from(phishingDeliveries)
    .innerJoin(phishingCampaigns, eq(phishingCampaigns.id, phishingDeliveries.campaignId))
    .where(and(eq(phishingDeliveries.companyId, scope.companyId), eq(phishingDeliveries.id, deliveryId)));
  return row;
}
