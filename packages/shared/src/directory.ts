import { z } from 'zod';
import { hasNoControlCharacters, MESSAGES } from './validation.ts';

/**
 * Directory sync (spec 3 §2.5, §3, §4, §5, §7, §8, §9): the integrations overview, Azure AD (Entra ID)
 * and Google Workspace connections, the groups they sync, the sync preview, sync runs and their live
 * progress. The server (modules/directory) and the manager app (/settings/integrations) share these.
 */

/** Where an employee or a list came from; azure, google and scim are kept by a directory. */
export const EMPLOYEE_SOURCES = ['manual', 'csv', 'api', 'azure', 'google', 'scim'] as const;
export type EmployeeSource = (typeof EMPLOYEE_SOURCES)[number];

/** The directories the sync engine reads (each one a source adapter on the server). */
export const DIRECTORY_PRODUCTS = ['azure', 'google'] as const;
export type DirectoryProduct = (typeof DIRECTORY_PRODUCTS)[number];

/**
 * Every integration the overview shows (spec 3 §2.5 detail routes, and a generic SAML identity
 * provider beside Azure's single sign-on); the plan may exclude any (§6).
 */
export const INTEGRATION_PRODUCTS = ['azure', 'google', 'slack', 'teams', 'azuresso', 'saml'] as const;
export type IntegrationProduct = (typeof INTEGRATION_PRODUCTS)[number];

export const isDirectoryProduct = (product: string): product is DirectoryProduct =>
  (DIRECTORY_PRODUCTS as readonly string[]).includes(product);

/** Spec 3 §9. */
export const DIRECTORY_LIMITS = {
  /** Azure groups page size. */
  azureGroupsPageSize: 10,
  /** The group search waits this long after the last key. */
  searchDebounceMs: 300,
  /** Group list height in pixels and a row's estimated height (the virtual list). */
  listHeight: 500,
  rowEstimate: 50,
  /** Groups one integration may sync. */
  maxGroups: 500,
  /** Error details kept per sync run. */
  maxErrors: 200,
  /** Users the preview names (its counts are always exact). */
  previewSample: 500,
} as const;

/** The fixed names, logo keys and descriptions of the overview's cards. */
export const INTEGRATION_CATALOG: Record<
  IntegrationProduct,
  { name: string; logo: string; description: string; beta: boolean }
> = {
  azure: {
    name: 'Azure AD',
    logo: 'azure',
    description: 'Sync employees and employee lists from Microsoft Entra ID (Azure AD) groups.',
    beta: false,
  },
  google: {
    name: 'Google Workspace',
    logo: 'google',
    description: 'Sync employees and employee lists from Google Workspace groups.',
    beta: true,
  },
  slack: {
    name: 'Slack',
    logo: 'slack',
    description: 'Send lessons and reminders to employees in Slack.',
    beta: false,
  },
  teams: {
    name: 'Microsoft Teams',
    logo: 'teams',
    description: 'Send lessons and reminders to employees in Microsoft Teams.',
    beta: false,
  },
  azuresso: {
    name: 'Azure AD single sign-on',
    logo: 'azuresso',
    description: 'Let managers and employees sign in with Microsoft Entra ID (Azure AD).',
    beta: false,
  },
  saml: {
    name: 'SAML single sign-on',
    logo: 'saml',
    description:
      'Let managers and employees sign in with Okta, Google Workspace or any SAML 2.0 identity provider.',
    beta: false,
  },
};

/** Spec 3 §3 Integration (overview): one card. */
export const IntegrationCard = z.object({
  id: z.enum(INTEGRATION_PRODUCTS),
  name: z.string(),
  logo: z.string(),
  description: z.string(),
  beta: z.boolean(),
  needsUpgrade: z.boolean(),
  connected: z.boolean(),
  enabled: z.boolean(),
  lastSync: z.string().nullable(),
  latestRunningSyncId: z.string().nullable(),
});
export type IntegrationCard = z.infer<typeof IntegrationCard>;
export const IntegrationsOverview = z.object({ rows: z.array(IntegrationCard) });
export type IntegrationsOverview = z.infer<typeof IntegrationsOverview>;

const requiredText = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, `At most ${max} characters`)
    .refine(hasNoControlCharacters, MESSAGES.controlCharacters);

/**
 * Spec 3 §5 Azure AD: tenant, clientId (Client App Id), clientSecret required. The tenant is its id
 * (a GUID) or a domain (contoso.onmicrosoft.com); the app is a client-credentials app registration with
 * the Graph application permissions Group.Read.All and User.Read.All (admin consent granted).
 */
export const AzureConnect = z.object({
  tenant: requiredText(200).refine((v) => /^[A-Za-z0-9.-]+$/.test(v), 'Enter the tenant ID or domain'),
  clientId: requiredText(200),
  clientSecret: requiredText(1000),
});
export type AzureConnect = z.input<typeof AzureConnect>;

/**
 * Google Workspace: a service account with domain-wide delegation. What the admin does (the connect
 * page says it): in Google Cloud create a service account and a JSON key; in the Admin console
 * (Security → API controls → Domain-wide delegation) add its client ID with the scopes in
 * GOOGLE_SCOPES; paste the key here with the email of a Workspace admin it acts as.
 */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.group.readonly',
  'https://www.googleapis.com/auth/admin.directory.group.member.readonly',
  'https://www.googleapis.com/auth/admin.directory.user.readonly',
] as const;

export const GOOGLE_MESSAGES = {
  keyInvalid: 'Paste the JSON key of a service account (it holds client_email and private_key)',
  adminEmail: 'Enter the email of a Google Workspace admin',
} as const;

/** The fields of a service account key file the server uses. */
export const GoogleServiceAccountKey = z.looseObject({
  type: z.literal('service_account'),
  client_email: z.email(),
  private_key: z.string().min(1),
  client_id: z.string().optional(),
});

export const GoogleConnect = z.object({
  /** The key file's text, as downloaded. */
  serviceAccountKey: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(20_000)
    .refine((text) => {
      try {
        return GoogleServiceAccountKey.safeParse(JSON.parse(text)).success;
      } catch {
        return false;
      }
    }, GOOGLE_MESSAGES.keyInvalid),
  adminEmail: z.email(GOOGLE_MESSAGES.adminEmail).max(200),
  /** The Workspace customer; my_customer means the admin's own. */
  customer: z.string().trim().max(100).default('my_customer'),
});
export type GoogleConnect = z.input<typeof GoogleConnect>;

/** Google test mode (spec 3 §4): Test shows 'Preview' instead of 'Sync now'; enabled flips '0'/'1'. */
export const GoogleSettingsSave = z.object({
  testMode: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type GoogleSettingsSave = z.input<typeof GoogleSettingsSave>;

/** Sync run status codes (spec 3 §3: 3 failed, 2 success; 1 running is ours). */
export const SYNC_STATUS = { running: 1, success: 2, failed: 3 } as const;
export const SYNC_STATUS_NAMES = ['Running', 'Success', 'Failed'] as const;
export type SyncStatusName = (typeof SYNC_STATUS_NAMES)[number];

export const SyncCounts = z.object({
  createdGroups: z.number(),
  createdUsers: z.number(),
  updatedUsers: z.number(),
  createdMembership: z.number(),
  removedMembership: z.number(),
  /** Disabled or deleted in the directory: taken out of every list. */
  removedUsers: z.number(),
});
export type SyncCounts = z.infer<typeof SyncCounts>;
export const emptySyncCounts = (): SyncCounts => ({
  createdGroups: 0,
  createdUsers: 0,
  updatedUsers: 0,
  createdMembership: 0,
  removedMembership: 0,
  removedUsers: 0,
});

export const SyncError = z.object({
  group: z.string().nullable(),
  email: z.string().nullable(),
  error: z.string(),
});
export type SyncError = z.infer<typeof SyncError>;

/** One sync: spec 3 §3 syncStatuses (lastSync, lastSyncId, status, errorDetails, counts). */
export const SyncRun = z.object({
  id: z.uuid(),
  product: z.enum(DIRECTORY_PRODUCTS),
  status: z.enum(SYNC_STATUS_NAMES),
  statusCode: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  trigger: z.enum(['manual', 'schedule']),
  message: z.string(),
  progress: z.number(),
  started: z.string(),
  finished: z.string().nullable(),
  ...SyncCounts.shape,
  errorDetails: z.string().nullable(),
  errors: z.array(SyncError),
});
export type SyncRun = z.infer<typeof SyncRun>;
export const SyncHistory = z.object({ rows: z.array(SyncRun) });
export type SyncHistory = z.infer<typeof SyncHistory>;

/** A group the integration syncs. */
export const SelectedGroup = z.object({ id: z.string(), displayName: z.string() });
export type SelectedGroup = z.infer<typeof SelectedGroup>;

/** Spec 3 §3 rules: 1 included, 2 excluded (Azure uses included only). */
export const GROUP_RULE = { included: 1, excluded: 2 } as const;
export const GroupRule = z.object({
  entityType: z.literal('group').default('group'),
  externalId: z.string().trim().min(1).max(300),
  displayName: z.string().trim().max(300).default(''),
  rule: z.union([z.literal(1), z.literal(2)]),
});
export type GroupRule = z.infer<typeof GroupRule>;

/** Save the groups to sync: the whole set (a removed group is one no longer listed). */
export const RulesSave = z.object({
  rules: z.array(GroupRule).max(DIRECTORY_LIMITS.maxGroups),
});
export type RulesSave = z.input<typeof RulesSave>;

/** The Azure AD settings as the page loads them; the secret only as "set". */
export const AzureSettings = z.object({
  tenant: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  enabled: z.enum(['0', '1']),
  connected: z.boolean(),
  needsUpgrade: z.boolean(),
  latestRunningSyncId: z.string().nullable(),
  lastSync: z.string().nullable(),
  lastSyncId: z.string().nullable(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  progress: z.number(),
  message: z.string(),
  selectedGroups: z.array(SelectedGroup),
  syncStatuses: z.array(SyncRun),
});
export type AzureSettings = z.infer<typeof AzureSettings>;

/** The Google settings as the page loads them; the key only as "set" with its account's email. */
export const GoogleSettings = z.object({
  enabled: z.boolean(),
  testMode: z.boolean(),
  connected: z.boolean(),
  needsUpgrade: z.boolean(),
  /** Spec 3 §3 connectUrl: null, the service account flow needs none. */
  connectUrl: z.string().nullable(),
  serviceAccountEmail: z.string().nullable(),
  keySet: z.boolean(),
  adminEmail: z.string(),
  customer: z.string(),
  latestRunningSyncId: z.string().nullable(),
  lastSync: z.string().nullable(),
  lastSyncId: z.string().nullable(),
  rules: z.array(GroupRule),
  syncStatuses: z.array(SyncRun),
});
export type GoogleSettings = z.infer<typeof GoogleSettings>;

/** Spec 3 §7 test: success, or the error the directory answered with. */
export const ConnectionTest = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  /** What the directory said, for 'Show details'. */
  details: z.string().nullable(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;

/** Spec 3 §7 Azure groups paged query: top 10, skip (the next page's token), filter (search). */
export const AzureGroupsQuery = z.object({
  top: z.coerce.number().int().min(1).max(DIRECTORY_LIMITS.azureGroupsPageSize).default(10),
  skip: z.string().max(4000).optional(),
  filter: z.string().trim().max(200).optional(),
});
export type AzureGroupsQuery = z.input<typeof AzureGroupsQuery>;

export const DirectoryGroup = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  /** Members, when the directory tells (Azure's $count). */
  usersCount: z.number().nullable(),
  lastSynced: z.string().nullable(),
  /** Google: the group's rule (1 included, 2 excluded), null when it has none. */
  rule: z.union([z.literal(1), z.literal(2)]).nullable(),
});
export type DirectoryGroup = z.infer<typeof DirectoryGroup>;
/** A page of groups; `skip` continues (null on the last page). */
export const DirectoryGroupsPage = z.object({ rows: z.array(DirectoryGroup), skip: z.string().nullable() });
export type DirectoryGroupsPage = z.infer<typeof DirectoryGroupsPage>;

export const GoogleGroupsQuery = z.object({
  skip: z.string().max(4000).optional(),
  filter: z.string().trim().max(200).optional(),
});
export type GoogleGroupsQuery = z.input<typeof GoogleGroupsQuery>;

export const SyncRequest = z.object({ preview: z.boolean().default(false) });
export type SyncRequest = z.input<typeof SyncRequest>;

export const GROUP_ACTIONS = ['create', 'update', 'none'] as const;
export const USER_ACTIONS = ['create', 'update', 'add', 'remove', 'disable', 'none'] as const;

/** Spec 3 §3 sync preview: affectedGroups and affectedUsers (nothing written). */
export const SyncPreview = z.object({
  affectedGroups: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      usersCount: z.number(),
      action: z.enum(GROUP_ACTIONS),
    }),
  ),
  affectedUsers: z.array(
    z.object({
      displayName: z.string(),
      mail: z.string(),
      lists: z.array(z.object({ name: z.string(), skip: z.boolean() })),
      action: z.enum(USER_ACTIONS),
    }),
  ),
  counts: SyncCounts,
  /** More users are affected than affectedUsers names. */
  truncated: z.boolean(),
  /** Set when the sync would not fit the seats: nothing would be written. */
  seatError: z.string().nullable(),
});
export type SyncPreview = z.infer<typeof SyncPreview>;

/** POST sync: a preview, or the started run's id (progress follows over the socket). */
export const SyncAnswer = z.object({
  syncId: z.string().nullable(),
  preview: SyncPreview.nullable(),
});
export type SyncAnswer = z.infer<typeof SyncAnswer>;

/** Google sync log (spec 3 §7): lines of a sync, after a line number (token). */
export const GoogleLogsQuery = z.object({
  lastSyncId: z.uuid().optional(),
  token: z.coerce.number().int().min(0).default(0),
});
export type GoogleLogsQuery = z.input<typeof GoogleLogsQuery>;
export const SyncLogLine = z.object({
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export type SyncLogLine = z.infer<typeof SyncLogLine>;
export const SyncLog = z.object({
  syncId: z.string().nullable(),
  status: z.enum(SYNC_STATUS_NAMES).nullable(),
  lines: z.array(SyncLogLine),
  /** Ask again with this token for the lines after these. */
  token: z.number(),
});
export type SyncLog = z.infer<typeof SyncLog>;

/** The realtime progress event of one sync (spec 3 §7), sent to the sockets that joined its id. */
export const SyncProgressEvent = z.object({
  syncId: z.string(),
  product: z.enum(DIRECTORY_PRODUCTS),
  status: z.enum(SYNC_STATUS_NAMES),
  progress: z.number(),
  message: z.string(),
  counts: SyncCounts,
});
export type SyncProgressEvent = z.infer<typeof SyncProgressEvent>;

/** The routes (under /api), one place for server and app. `:id` is the company, `:product` azure or google. */
export const DIRECTORY_ROUTES = {
  overview: '/companies/:id/integrations',
  data: '/companies/:id/integrations/:product',
  connect: '/companies/:id/integrations/:product/connect',
  test: '/companies/:id/integrations/:product/test',
  sync: '/companies/:id/integrations/:product/sync',
  unlink: '/companies/:id/integrations/:product/unlink',
  rules: '/companies/:id/integrations/:product/rules',
  groups: '/companies/:id/integrations/:product/groups',
  syncs: '/companies/:id/integrations/:product/syncs',
  syncRun: '/companies/:id/integrations/:product/syncs/:syncId',
  googleLogs: '/companies/:id/integrations/google/logs',
} as const;

/** A route with its parameters filled in, e.g. directoryPath('sync', companyId, 'azure'). */
export function directoryPath(
  route: keyof typeof DIRECTORY_ROUTES,
  companyId: string,
  product?: IntegrationProduct,
  syncId?: string,
): string {
  return DIRECTORY_ROUTES[route]
    .replace(':id', encodeURIComponent(companyId))
    .replace(':product', product ?? '')
    .replace(':syncId', syncId ? encodeURIComponent(syncId) : '');
}
