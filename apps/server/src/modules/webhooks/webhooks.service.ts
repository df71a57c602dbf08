import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEvent,
  type WebhookSave,
  type WebhookUpdate,
} from '@vigil/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { toIso, type Db } from '../../db/client.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { enqueue } from '../../jobs/jobs.ts';
import { privacyOf } from '../../lib/privacy.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { seal, unseal } from '../../lib/secret-box.ts';
import { companyById } from '../companies/companies.service.ts';
import { postSigned, type Attempt } from './webhooks.send.ts';
import { checkTarget } from '../../lib/outbound-target.ts';
import {
  deleteEndpoint,
  deliveriesOf,
  deliveryWithEndpoint,
  endpointById,
  endpointsOfCompany,
  happenedBetween,
  insertDeliveries,
  insertEndpoint,
  markScanned,
  recordAttempt,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.queries.ts';

export const DELIVER_JOB = 'webhooks.deliver' as const;
/** Tries per delivery: the first and four retries, each waiting twice as long as the one before. */
export const MAX_ATTEMPTS = 5;
/** The scan looks back this far before where it stopped, for rows committed late; keys keep it once. */
const SCAN_OVERLAP_MS = 5 * 60_000;
/** Deliveries an endpoint's page shows. */
const DELIVERIES_SHOWN = 50;
const SECRET_PURPOSE = 'webhook-secret';

const present = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  active: row.active,
  created: row.createdAt.toISOString(),
});

const presentDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  durationMs: row.durationMs,
  responseExcerpt: row.responseExcerpt,
  error: row.error,
  created: row.createdAt.toISOString(),
  attempted: toIso(row.attemptedAt),
});

const endpointNotFound = () => NotFound('This webhook does not exist.');

export async function listEndpoints(db: Db, scope: CompanyScope) {
  return { rows: (await endpointsOfCompany(db, scope)).map(present) };
}

/**
 * A new endpoint. Outside development it must be https:// and resolve to public addresses only; the
 * signing secret is in this answer only and stored sealed under SECRET_KEY.
 */
export async function createEndpoint(
  ctx: AppContext,
  scope: CompanyScope,
  input: z.output<typeof WebhookSave>,
): Promise<WebhookEndpointCreated> {
  const url = await checkedUrl(ctx, input.url);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const row = await insertEndpoint(ctx.db, scope, {
    url,
    events: [...new Set(input.events)],
    secret: seal(ctx.config.secretKey, SECRET_PURPOSE, secret),
  });
  return { ...present(row), secret };
}

/** Outside development an endpoint is https:// and resolves to public addresses only. */
async function checkedUrl(ctx: AppContext, address: string): Promise<string> {
  const allowPrivate = ctx.config.webhookAllowPrivate;
  const url = new URL(address);
  if (!allowPrivate && url.protocol !== 'https:') throw Invalid([WEBHOOK_MESSAGES.https]);
  const refused = await checkTarget(url, allowPrivate);
  if (refused) throw Invalid([`This address cannot be called: ${refused}`]);
  return url.toString();
}

/**
 * A new address (checked as a new endpoint's), other events, or paused and resumed. A resumed endpoint
 * starts from now: what happened while it was paused is not delivered.
 */
export async function changeEndpoint(
  ctx: AppContext,
  scope: CompanyScope,
  id: string,
  input: z.output<typeof WebhookUpdate>,
): Promise<WebhookEndpoint> {
  const current = await endpointById(ctx.db, scope, id);
  if (!current) throw endpointNotFound();
  const resumed = input.active === true && !current.active;
  const row = await updateEndpoint(ctx.db, scope, id, {
    ...(input.url === undefined ? {} : { url: await checkedUrl(ctx, input.url) }),
    ...(input.events === undefined ? {} : { events: [...new Set(input.events)] }),
    ...(input.active === undefined ? {} : { active: input.active }),
    ...(resumed ? { activeSince: new Date(), scannedTo: new Date() } : {}),
  });
  if (!row) throw endpointNotFound();
  return present(row);
}

export async function removeEndpoint(db: Db, scope: CompanyScope, id: string): Promise<void> {
  if (!(await deleteEndpoint(db, scope, id))) throw endpointNotFound();
}

export async function endpointDeliveries(db: Db, scope: CompanyScope, endpointId: string) {
  if (!(await endpointById(db, scope, endpointId))) throw endpointNotFound();
  return { rows: (await deliveriesOf(db, scope, endpointId, DELIVERIES_SHOWN)).map(presentDelivery) };
}

type NewEvent = { event: WebhookEvent; eventKey: string; payload: Record<string, unknown> };

/**
 * The events of (from, to] for one endpoint, each with its payload. Under anonymous tracking an
 * employee is named by id only (lib/privacy.ts): no name or email leaves the company.
 */
async function eventsFor(db: Db, scope: CompanyScope, endpoint: EndpointRow, from: Date, to: Date) {
  const record = await companyById(db, scope.companyId);
  const identities = record ? privacyOf(record.company).identities : false;
  const who = (r: { employee_id: string; email: string; name: string }) =>
    identities ? { id: r.employee_id, email: r.email, name: r.name } : { id: r.employee_id };
  const h = await happenedBetween(db, scope, from, to);
  const at = (v: unknown) => toIso(v as string);
  const all: NewEvent[] = [
    ...h.programsStarted.map((p) => ({
      event: 'program.started' as const,
      eventKey: `program.started:${p.id}:${at(p.at)}`,
      payload: { program: { id: p.id, kind: p.kind, name: p.name }, at: at(p.at) },
    })),
    ...h.programsCompleted.map((p) => ({
      event: 'program.completed' as const,
      eventKey: `program.completed:${p.id}`,
      payload: { program: { id: p.id, kind: p.kind, name: p.name }, at: at(p.at) },
    })),
    ...h.programsFinished.map((r) => ({
      event: 'employee.program_finished' as const,
      eventKey: `employee.program_finished:${r.training_id}:${r.employee_id}`,
      payload: { program: { id: r.training_id }, employee: who(r), at: at(r.at) },
    })),
    ...h.assessmentsFinished.map((r) => ({
      event: 'employee.assessment_finished' as const,
      eventKey: `employee.assessment_finished:${r.assessment_id}:${r.employee_id}`,
      payload: {
        assessment: { id: r.assessment_id },
        employee: who(r),
        score: r.score === null ? null : Math.round(r.score),
        at: at(r.at),
      },
    })),
    ...h.bounced.map((r) => ({
      event: 'employee.bounced' as const,
      eventKey: `employee.bounced:${r.employee_id}:${at(r.at)}`,
      payload: { employee: who(r), at: at(r.at) },
    })),
  ];
  const wanted = new Set(endpoint.events);
  return all.filter((e) => wanted.has(e.event));
}

/**
 * One endpoint's scan: the events since it last looked (with an overlap for rows committed late) become
 * deliveries, each sent by its own job. Returns how many deliveries were added.
 */
export async function scanEndpoint(
  ctx: AppContext,
  scope: CompanyScope,
  endpoint: EndpointRow,
  to = new Date(),
): Promise<number> {
  const from = new Date(
    Math.max(endpoint.activeSince.getTime(), endpoint.scannedTo.getTime() - SCAN_OVERLAP_MS),
  );
  const events = await eventsFor(ctx.db, scope, endpoint, from, to);
  const added = await insertDeliveries(
    ctx.db,
    scope,
    endpoint.id,
    events.map((e) => ({ ...e, payload: { event: e.event, company: scope.companyId, data: e.payload } })),
  );
  for (const deliveryId of added)
    await enqueue(
      ctx,
      DELIVER_JOB,
      { deliveryId, companyId: scope.companyId },
      { retryLimit: MAX_ATTEMPTS - 1, retryDelay: ctx.config.webhookRetryDelay, retryBackoff: true },
    );
  await markScanned(ctx.db, scope, endpoint.id, to);
  return added.length;
}

export class DeliveryFailed extends Error {}

/**
 * One attempt of a delivery (the deliver job): signs and posts its body and records the answer. A
 * failed attempt throws while tries are left, so the job queue tries again after its back-off; the
 * last failed attempt marks the delivery failed.
 */
export async function attemptDelivery(
  ctx: AppContext,
  scope: CompanyScope,
  deliveryId: string,
): Promise<void> {
  const found = await deliveryWithEndpoint(ctx.db, scope, deliveryId);
  if (!found || found.delivery.status !== 'pending') return;
  const { status, attempt } = await sendDelivery(ctx, scope, found, MAX_ATTEMPTS);
  if (status === 'pending')
    throw new DeliveryFailed(
      `Webhook delivery ${deliveryId}: ${attempt.error ?? `answered ${attempt.status}`}`,
    );
}

/**
 * One signed POST of a delivery's body, recorded with the answer. Returns the attempt and the
 * delivery's status after it: delivered, failed once `maxAttempts` are used up, else still pending.
 */
async function sendDelivery(
  ctx: AppContext,
  scope: CompanyScope,
  { delivery, endpoint }: { delivery: DeliveryRow; endpoint: EndpointRow },
  maxAttempts: number,
): Promise<{ status: DeliveryRow['status']; attempt: Attempt }> {
  const body = JSON.stringify({
    id: delivery.id,
    created: delivery.createdAt.toISOString(),
    ...delivery.payload,
  });
  const attempt = await postSigned(
    endpoint.url,
    unseal(ctx.config.secretKey, SECRET_PURPOSE, endpoint.secret),
    { 'vigil-event': delivery.event, 'vigil-delivery': delivery.id },
    body,
    ctx.config.webhookAllowPrivate,
  );
  const attempts = delivery.attempts + 1;
  const status = attempt.ok ? 'delivered' : attempts >= maxAttempts ? 'failed' : 'pending';
  await recordAttempt(ctx.db, scope, delivery.id, {
    status,
    attempts,
    responseStatus: attempt.status,
    durationMs: attempt.durationMs,
    responseExcerpt: attempt.excerpt,
    error: attempt.error,
    attemptedAt: new Date(),
  });
  return { status, attempt };
}

/**
 * "Send test event": a signed `webhook.test` delivery to the endpoint (paused or not), tried once while
 * the admin waits and listed with the others, so the receiver's checks can be tried before real events.
 */
export async function sendTestEvent(
  ctx: AppContext,
  scope: CompanyScope,
  endpointId: string,
): Promise<WebhookDelivery> {
  const endpoint = await endpointById(ctx.db, scope, endpointId);
  if (!endpoint) throw endpointNotFound();
  const at = new Date().toISOString();
  const [deliveryId] = await insertDeliveries(ctx.db, scope, endpoint.id, [
    {
      event: WEBHOOK_TEST_EVENT,
      eventKey: `${WEBHOOK_TEST_EVENT}:${randomBytes(12).toString('hex')}`,
      payload: { event: WEBHOOK_TEST_EVENT, company: scope.companyId, data: { endpoint: endpoint.id, at } },
    },
  ]);
  const found = await deliveryWithEndpoint(ctx.db, scope, deliveryId!);
  await sendDelivery(ctx, scope, found!, 1);
  const sent = await deliveryWithEndpoint(ctx.db, scope, deliveryId!);
  return presentDelivery(sent!.delivery);
}
