import { z } from 'zod';
import { hasNoControlCharacters, MESSAGES, workEmail } from './validation.ts';

/**
 * SCIM 2.0 provisioning (RFC 7643 schemas, RFC 7644 protocol) as Entra ID and Okta speak it: the
 * settings page's token contract, the wire shapes of /scim/v2, and the pure rules that read what an
 * identity provider sends (PatchOp operations in their real shapes, the `eq` filters it asks with).
 */

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json';

/** Every SCIM token starts so, which lets secret scanners and people recognise one. */
export const SCIM_TOKEN_PREFIX = 'vigil_scim_';

/** The most resources one page of a list answers (a larger `count` is cut to this, as RFC 7644 §3.4.2.4 allows). */
export const SCIM_MAX_PAGE = 200;

/** The texts of the SCIM errors (the `detail` of an Error) and of the settings page. */
export const SCIM_MESSAGES = {
  unauthorized: 'A valid SCIM token is required.',
  userNotFound: 'This user does not exist.',
  groupNotFound: 'This group does not exist.',
  userNameTaken: 'A user with this userName already exists.',
  emailTaken: 'Another user already has this email.',
  groupNameTaken: 'A group with this displayName already exists.',
  userNameRequired: 'userName is required.',
  emailRequired: 'The user needs an email: a work email in emails, or a userName that is an email.',
  displayNameRequired: 'displayName is required.',
  invalidBody: 'The request body is not valid SCIM.',
  invalidFilter:
    'Only the filters attribute eq "value" on userName, externalId, displayName or id are supported.',
  invalidPatch: 'This patch operation is not supported.',
  unknownMember: 'A member is not a user of this directory.',
  limitReached: 'Employees limit reached.',
  tokenNotFound: 'This SCIM token does not exist.',
  confirmRevoke: 'Do you really want to revoke this SCIM token? Provisioning with it stops at once.',
  /** The list every provisioned user is a member of, so that each takes a seat and can be trained. */
  everyoneList: 'SCIM users',
} as const;

const shortName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(100, 'A name has at most 100 characters.')
  .refine(hasNoControlCharacters, MESSAGES.controlCharacters);

/** A SCIM token as the settings page lists it: never its value, only its last characters. */
export const ScimToken = z.object({
  id: z.uuid(),
  name: z.string(),
  lastChars: z.string(),
  created: z.string(),
  lastUsed: z.string().nullable(),
  revoked: z.string().nullable(),
});
export type ScimToken = z.infer<typeof ScimToken>;

/** The answer that made a token: its value, shown once. */
export const ScimTokenCreated = ScimToken.extend({ value: z.string() });
export type ScimTokenCreated = z.infer<typeof ScimTokenCreated>;

export const ScimTokenSave = z.object({ name: shortName });
export type ScimTokenSave = z.input<typeof ScimTokenSave>;

/** The tokens of a company and the base URL an identity provider is given (`{PUBLIC_URL}/scim/v2`). */
export const ScimTokensResponse = z.object({ rows: z.array(ScimToken), baseUrl: z.string() });
export type ScimTokensResponse = z.infer<typeof ScimTokensResponse>;

// ---- The wire: what identity providers send ----

/** Entra ID sends booleans as "True"/"False" strings (without ?aadOptscim062020); both are read. */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .refine((s) => /^(true|false)$/i.test(s))
    .transform((s) => s.toLowerCase() === 'true'),
]);

const text = z.string().max(1000).refine(hasNoControlCharacters, MESSAGES.controlCharacters);

const ScimEmail = z.looseObject({
  value: z.string().max(320),
  type: z.string().optional(),
  primary: scimBoolean.optional(),
});

/** A User as POST and PUT carry it; attributes we do not keep (phone numbers, roles, …) pass unread. */
export const ScimUserBody = z.looseObject({
  schemas: z.array(z.string()).optional(),
  userName: text.min(1),
  externalId: text.nullish(),
  active: scimBoolean.optional(),
  displayName: text.nullish(),
  name: z
    .looseObject({
      formatted: text.nullish(),
      givenName: text.nullish(),
      familyName: text.nullish(),
    })
    .nullish(),
  emails: z.array(ScimEmail).nullish(),
  [SCIM_SCHEMAS.enterpriseUser]: z.looseObject({ department: text.nullish() }).nullish(),
});
export type ScimUserBody = z.output<typeof ScimUserBody>;

const ScimMemberRef = z.looseObject({ value: z.string().min(1) });

export const ScimGroupBody = z.looseObject({
  schemas: z.array(z.string()).optional(),
  displayName: text.min(1),
  externalId: text.nullish(),
  members: z.array(ScimMemberRef).nullish(),
});
export type ScimGroupBody = z.output<typeof ScimGroupBody>;

/** RFC 7644 §3.5.2: op is case-insensitive ("Replace" from Entra ID, "replace" from Okta). */
export const ScimPatchBody = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(
      z.looseObject({
        op: z
          .string()
          .transform((s) => s.toLowerCase())
          .pipe(z.enum(['add', 'replace', 'remove'])),
        path: z.string().max(500).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type ScimPatchBody = z.output<typeof ScimPatchBody>;
type PatchOperation = ScimPatchBody['Operations'][number];

// ---- The state a User keeps, and the patch rules over it ----

/** What we keep of a User: the employee's email, name and unit, and the SCIM attributes echoed back. */
export interface ScimUserState {
  userName: string;
  externalId: string | null;
  active: boolean;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  email: string | null;
  department: string | null;
}

export class ScimPatchError extends Error {}

const nullable = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw new ScimPatchError(SCIM_MESSAGES.invalidPatch);
  return v;
};

/** The work (or primary, or first) email of a User's emails. */
export function primaryEmail(emails: ScimUserBody['emails']): string | null {
  if (!emails || emails.length === 0) return null;
  const pick = emails.find((e) => e.primary === true) ?? emails.find((e) => e.type === 'work') ?? emails[0]!;
  return pick.value;
}

/** A POST or PUT body as the state it sets (a PUT replaces everything; what it leaves out is cleared). */
export function userStateOf(body: ScimUserBody): ScimUserState {
  return {
    userName: body.userName,
    externalId: body.externalId ?? null,
    active: body.active ?? true,
    givenName: body.name?.givenName ?? null,
    familyName: body.name?.familyName ?? null,
    displayName: body.displayName ?? body.name?.formatted ?? null,
    email: primaryEmail(body.emails),
    department: body[SCIM_SCHEMAS.enterpriseUser]?.department ?? null,
  };
}

/** The employee's email: the user's work email, else a userName that is an email; lower case. */
export function employeeEmailOf(state: ScimUserState): string | null {
  for (const candidate of [state.email, state.userName]) {
    const email = workEmail.safeParse(candidate ?? '');
    if (email.success) return email.data;
  }
  return null;
}

/** The employee's name: displayName, else given and family name, else nothing. */
export function employeeNameOf(state: ScimUserState): string {
  return (
    state.displayName?.trim() || [state.givenName, state.familyName].filter(Boolean).join(' ').trim()
  ).slice(0, 200);
}

const ENTERPRISE_PREFIX = `${SCIM_SCHEMAS.enterpriseUser}:`;

/** A path as the attribute name we keep, or null for one we do not keep (accepted and ignored). */
function userAttribute(path: string): keyof ScimUserState | null {
  const p = path.trim();
  const lower = p.toLowerCase();
  if (lower.startsWith(ENTERPRISE_PREFIX.toLowerCase())) {
    return p.slice(ENTERPRISE_PREFIX.length).toLowerCase() === 'department' ? 'department' : null;
  }
  const bare = lower.startsWith(`${SCIM_SCHEMAS.user.toLowerCase()}:`)
    ? lower.slice(SCIM_SCHEMAS.user.length + 1)
    : lower;
  switch (bare) {
    case 'username':
      return 'userName';
    case 'externalid':
      return 'externalId';
    case 'active':
      return 'active';
    case 'displayname':
    case 'name.formatted':
      return 'displayName';
    case 'name.givenname':
      return 'givenName';
    case 'name.familyname':
      return 'familyName';
    case 'emails':
    case 'emails.value':
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value':
      return 'email';
    default:
      return null;
  }
}

function setAttribute(state: ScimUserState, key: keyof ScimUserState, value: unknown, remove: boolean) {
  if (key === 'active') {
    if (remove) throw new ScimPatchError(SCIM_MESSAGES.invalidPatch);
    const parsed = scimBoolean.safeParse(value);
    if (!parsed.success) throw new ScimPatchError(SCIM_MESSAGES.invalidPatch);
    state.active = parsed.data;
    return;
  }
  if (key === 'email' && Array.isArray(value)) {
    const emails = z.array(ScimEmail).safeParse(value);
    if (!emails.success) throw new ScimPatchError(SCIM_MESSAGES.invalidPatch);
    state.email = remove ? null : primaryEmail(emails.data);
    return;
  }
  const v = remove ? null : nullable(value);
  if (key === 'userName') {
    if (!v) throw new ScimPatchError(SCIM_MESSAGES.userNameRequired);
    state.userName = v;
    return;
  }
  state[key] = v;
}

/** A path-less value object (Okta, Entra ID): its keys are paths, nested objects (name, the extension) too. */
function applyValueObject(state: ScimUserState, value: unknown) {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ScimPatchError(SCIM_MESSAGES.invalidPatch);
  for (const [key, v] of Object.entries(value)) {
    if (
      v &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      (key === 'name' || key === SCIM_SCHEMAS.enterpriseUser)
    ) {
      const prefix = key === 'name' ? 'name.' : ENTERPRISE_PREFIX;
      for (const [inner, w] of Object.entries(v)) {
        const attribute = userAttribute(`${prefix}${inner}`);
        if (attribute) setAttribute(state, attribute, w, false);
      }
      continue;
    }
    const attribute = userAttribute(key);
    if (attribute) setAttribute(state, attribute, v, false);
  }
}

/**
 * Applies a User PatchOp to the state: paths we keep change it, paths we do not keep (manager, phone
 * numbers, …) are accepted and ignored, as RFC 7644 lets a service provider do with attributes it does
 * not store. Throws ScimPatchError for what cannot be applied.
 */
export function applyUserPatch(before: ScimUserState, operations: PatchOperation[]): ScimUserState {
  const state = { ...before };
  for (const op of operations) {
    if (op.path === undefined || op.path === '') {
      if (op.op === 'remove') throw new ScimPatchError(SCIM_MESSAGES.invalidPatch);
      applyValueObject(state, op.value);
      continue;
    }
    const attribute = userAttribute(op.path);
    if (attribute) setAttribute(state, attribute, op.value, op.op === 'remove');
  }
  return state;
}

/** What a Group PatchOp does: a new name or external id, and members added, removed or set. */
export interface GroupPatch {
  displayName?: string;
  externalId?: string | null;
  add: string[];
  remove: string[];
  /** `replace` on members: the group's members become exactly these. */
  replaceMembers?: string[];
}

const memberIds = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const parsed = z.array(ScimMemberRef).safeParse(list);
  if (!parsed.success) throw new ScimPatchError(SCIM_MESSAGES.invalidPatch);
  return parsed.data.map((m) => m.value);
};

/** `members[value eq "id"]` (Okta's and Entra ID's single-member remove). */
const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

function groupAttribute(patch: GroupPatch, key: string, value: unknown, op: PatchOperation['op']) {
  const k = key.toLowerCase();
  if (k === 'displayname') {
    const name = nullable(value)?.trim();
    if (op === 'remove' || !name) throw new ScimPatchError(SCIM_MESSAGES.displayNameRequired);
    patch.displayName = name;
  } else if (k === 'externalid') {
    patch.externalId = op === 'remove' ? null : nullable(value);
  } else if (k === 'members') {
    const ids = memberIds(value);
    if (op === 'add') patch.add.push(...ids);
    else if (op === 'replace') patch.replaceMembers = ids;
    else if (value === undefined) patch.replaceMembers = [];
    else patch.remove.push(...ids);
  }
}

/** Reads a Group PatchOp: rename (with or without a path), members add/remove/replace, the external id. */
export function readGroupPatch(operations: PatchOperation[]): GroupPatch {
  const patch: GroupPatch = { add: [], remove: [] };
  for (const op of operations) {
    const path = op.path?.trim() ?? '';
    const filtered = MEMBER_FILTER.exec(path);
    if (filtered) {
      if (op.op !== 'remove') throw new ScimPatchError(SCIM_MESSAGES.invalidPatch);
      patch.remove.push(filtered[1]!);
    } else if (path === '') {
      if (op.op === 'remove' || !op.value || typeof op.value !== 'object' || Array.isArray(op.value))
        throw new ScimPatchError(SCIM_MESSAGES.invalidPatch);
      for (const [key, v] of Object.entries(op.value)) if (key !== 'id') groupAttribute(patch, key, v, op.op);
    } else {
      groupAttribute(patch, path, op.value, op.op);
    }
  }
  return patch;
}

// ---- Filters ----

export type ScimFilterAttribute = 'userName' | 'externalId' | 'displayName' | 'id';
export interface ScimFilter {
  attribute: ScimFilterAttribute;
  value: string;
}

const FILTER = /^\s*(userName|externalId|displayName|id)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;
const ATTRIBUTES: Record<string, ScimFilterAttribute> = {
  username: 'userName',
  externalid: 'externalId',
  displayname: 'displayName',
  id: 'id',
};

/** `attribute eq "value"` (the one filter Entra ID and Okta send to find a resource); null for anything else. */
export function parseScimFilter(filter: string): ScimFilter | null {
  const m = FILTER.exec(filter);
  if (!m) return null;
  return { attribute: ATTRIBUTES[m[1]!.toLowerCase()]!, value: m[2]!.replace(/\\(.)/g, '$1') };
}

/** The list query: a filter, and 1-based paging (startIndex, count) as RFC 7644 §3.4.2.4 defines it. */
export const ScimListQuery = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((n) => Math.max(1, n))
    .default(1),
  count: z.coerce
    .number()
    .int()
    .catch(100)
    .transform((n) => Math.min(Math.max(0, n), SCIM_MAX_PAGE))
    .default(100),
  excludedAttributes: z.string().max(500).optional(),
  attributes: z.string().max(500).optional(),
});
export type ScimListQuery = z.output<typeof ScimListQuery>;
