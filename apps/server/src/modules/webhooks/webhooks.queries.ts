import { and, desc, eq, sql } from 'drizzle-orm';
import type { WEBHOOK_TEST_EVENT, WebhookEvent } from '@vigil/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function endpointsOfCompany(db: Db, scope: CompanyScope): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, scope.companyId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function endpointById(
  db: Db,
  scope: CompanyScope,
  id: string,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, scope.companyId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function insertEndpoint(
  db: Db,
  scope: CompanyScope,
  values: { url: string; events: WebhookEvent[]; secret: string },
): Promise<EndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...values, companyId: scope.companyId })
    .returning();
  return row!;
}

export async function updateEndpoint(
  db: Db,
  scope: CompanyScope,
  id: string,
  values: Partial<Pick<EndpointRow, 'url' | 'events' | 'active' | 'activeSince' | 'scannedTo'>>,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.companyId, scope.companyId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Db, scope: CompanyScope, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, scope.companyId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The active endpoints of every company, for the event scan (it mints each company's scope itself). */
export function endpointsAcrossCompanies(db: Db): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.active, true));
}

export async function markScanned(db: Db, scope: CompanyScope, id: string, to: Date): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ scannedTo: to })
    .where(and(eq(webhookEndpoints.companyId, scope.companyId), eq(webhookEndpoints.id, id)));
}

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The latest deliveries of an endpoint, newest first. */
export function deliveriesOf(db: Db, scope: CompanyScope, endpointId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.companyId, scope.companyId), eq(webhookDeliveries.endpointId, endpointId)),
    )
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
}

export async function deliveryWithEndpoint(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.companyId, scope.companyId), eq(webhookDeliveries.id, id)));
  return row;
}

/** New events for an endpoint; one already recorded (same key) is skipped. Returns the ids added. */
export async function insertDeliveries(
  db: Db,
  scope: CompanyScope,
  endpointId: string,
  events: {
    event: WebhookEvent | typeof WEBHOOK_TEST_EVENT;
    eventKey: string;
    payload: Record<string, unknown>;
  }[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(webhookDeliveries)
    .values(events.map((e) => ({ ...e, endpointId, companyId: scope.companyId })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

export async function recordAttempt(
  db: Db,
  scope: CompanyScope,
  id: string,
  values: Pick<
    DeliveryRow,
    'status' | 'attempts' | 'responseStatus' | 'durationMs' | 'responseExcerpt' | 'error' | 'attemptedAt'
  >,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set(values)
    .where(and(eq(webhookDeliveries.companyId, scope.companyId), eq(webhookDeliveries.id, id)));
}

/** What happened in a company in (from, to]: the rows each webhook event is about. */
export interface Happened {
  programsStarted: { id: string; kind: 'training' | 'assessment'; name: string; at: string }[];
  programsCompleted: { id: string; kind: 'training' | 'assessment'; name: string; at: string }[];
  programsFinished: { training_id: string; employee_id: string; email: string; name: string; at: string }[];
  assessmentsFinished: {
    assessment_id: string;
    employee_id: string;
    email: string;
    name: string;
    score: number | null;
    at: string;
  }[];
  bounced: { employee_id: string; email: string; name: string; at: string }[];
}

export async function happenedBetween(db: Db, scope: CompanyScope, from: Date, to: Date): Promise<Happened> {
  const c = scope.companyId;
  const f = from.toISOString();
  const t = to.toISOString();
  const [programsStarted, programsCompleted, programsFinished, assessmentsFinished, bounced] =
    await Promise.all([
      queryRows<Happened['programsStarted'][number]>(
        db,
        sql`select id, 'training' as kind, name, started_at as at from trainings
          where company_id = ${c} and started_at > ${f} and started_at <= ${t}
          union all
          select id, 'assessment', name, started_at from assessments
          where company_id = ${c} and started_at > ${f} and started_at <= ${t}`,
      ),
      queryRows<Happened['programsCompleted'][number]>(
        db,
        sql`select id, 'training' as kind, name, coalesce(stopped_at, updated_at) as at from trainings
          where company_id = ${c} and status = 'completed'
            and coalesce(stopped_at, updated_at) > ${f} and coalesce(stopped_at, updated_at) <= ${t}
          union all
          select id, 'assessment', name, completed_at from assessments
          where company_id = ${c} and status = 'completed' and completed_at > ${f} and completed_at <= ${t}`,
      ),
      // An employee finished a program when every subject of it is finished; the last finish is when.
      queryRows<Happened['programsFinished'][number]>(
        db,
        sql`with touched as (
            select distinct training_id, employee_id from training_progress
            where company_id = ${c} and finished_at > ${f} and finished_at <= ${t}
          )
          select x.training_id, x.employee_id, e.email, e.name, max(p.finished_at) as at
          from touched x
          join trainings tr on tr.id = x.training_id and tr.company_id = ${c}
          join employees e on e.company_id = ${c} and e.id = x.employee_id
          join training_progress p on p.training_id = x.training_id and p.employee_id = x.employee_id
            and p.company_id = ${c} and p.finished_at is not null
          group by x.training_id, x.employee_id, e.email, e.name, tr.subject_ids
          having count(*) >= cardinality(tr.subject_ids)`,
      ),
      queryRows<Happened['assessmentsFinished'][number]>(
        db,
        sql`select p.assessment_id, p.employee_id, e.email, e.name, p.score, p.finished_at as at
          from assessment_participants p
          join employees e on e.company_id = ${c} and e.id = p.employee_id
          where p.company_id = ${c} and p.finished_at > ${f} and p.finished_at <= ${t}`,
      ),
      queryRows<Happened['bounced'][number]>(
        db,
        sql`select id as employee_id, email, name, bounced_at as at from employees
          where company_id = ${c} and bounced_at > ${f} and bounced_at <= ${t}`,
      ),
    ]);
  return { programsStarted, programsCompleted, programsFinished, assessmentsFinished, bounced };
}
