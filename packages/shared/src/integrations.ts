import { z } from 'zod';
import { hasNoControlCharacters, MESSAGES } from './validation.ts';

/** Spec 3 §7/§9: the API keys page's texts. */
export const API_KEY_MESSAGES = {
  confirmDelete: 'Do you really want to delete this API key?',
  copied: 'Copied',
} as const;

const shortName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(100, 'A name has at most 100 characters.')
  .refine(hasNoControlCharacters, MESSAGES.controlCharacters);

/** Spec 3 §3 API key: id, name, value — the value only in the answer that made it, else its last characters. */
export const ApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  lastChars: z.string(),
  created: z.string(),
  lastUsed: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyCreated = ApiKey.extend({ value: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const ApiKeySave = z.object({ name: shortName });
export type ApiKeySave = z.input<typeof ApiKeySave>;

export const ApiKeysResponse = z.object({ rows: z.array(ApiKey) });

/** The events a webhook endpoint can ask for. */
export const WEBHOOK_EVENTS = [
  'employee.program_finished',
  'employee.assessment_finished',
  'employee.bounced',
  'program.started',
  'program.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_MESSAGES = {
  https: 'Enter an https:// address',
  noEvents: 'Choose at least one event',
  confirmDelete: 'Do you really want to delete this webhook?',
} as const;

export const WebhookSave = z.object({
  // Plain http:// only where private targets are allowed (development); the server decides.
  url: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.https })),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, WEBHOOK_MESSAGES.noEvents).max(WEBHOOK_EVENTS.length),
});
export type WebhookSave = z.input<typeof WebhookSave>;

/** PATCH an endpoint: a new address, other events, or paused (active false) and resumed. */
export const WebhookUpdate = z
  .object({
    url: WebhookSave.shape.url.optional(),
    events: WebhookSave.shape.events.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => v.url !== undefined || v.events !== undefined || v.active !== undefined, {
    error: 'Nothing to change',
  });
export type WebhookUpdate = z.input<typeof WebhookUpdate>;

/** The event a "Send test event" delivers: signed and recorded like any other, tried once. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  created: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The signing secret is in the answer that made the endpoint only. */
export const WebhookEndpointCreated = WebhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreated>;
export const WebhookEndpointsResponse = z.object({ rows: z.array(WebhookEndpoint) });

export const WebhookDelivery = z.object({
  id: z.uuid(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  created: z.string(),
  attempted: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveriesResponse = z.object({ rows: z.array(WebhookDelivery) });

/**
 * `system`: a change the server made for the company on its own (a directory sync); `employee`: an
 * employee's single sign-on; `sso`: a single sign-on the server refused (the identity provider's claim
 * as label).
 */
export const AUDIT_ACTOR_KINDS = [
  'manager',
  'partner',
  'superadmin',
  'api-key',
  'scim',
  'system',
  'employee',
  'sso',
] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AuditQuery = z.object({
  actor: z.string().trim().max(200).optional(),
  action: z.string().trim().max(200).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actor: z.string(),
  action: z.string(),
  target: z.record(z.string(), z.string()),
  status: z.number(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ rows: z.array(AuditEntry), next: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
