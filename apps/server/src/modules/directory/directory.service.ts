import {
  DIRECTORY_MESSAGES,
  DIRECTORY_PRODUCTS,
  emptySyncCounts,
  GoogleServiceAccountKey,
  GROUP_RULE,
  INTEGRATION_CATALOG,
  INTEGRATION_PRODUCTS,
  needsUpgrade,
  ssoAvailable,
  SYNC_STATUS,
  SYNC_STATUS_NAMES,
  TRAINING_MESSAGES,
  type AzureConnect,
  type AzureSettings,
  type ConnectionTest,
  type DirectoryGroupsPage,
  type DirectoryProduct,
  type GoogleConnect,
  type GoogleSettings,
  type GoogleSettingsSave,
  type GroupRule,
  type IntegrationCard,
  type IntegrationProduct,
  type IntegrationsOverview,
  type SyncAnswer,
  type SyncHistory,
  type SyncLog,
  type SyncRun,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { loadEntitlementInput } from '../../lib/entitlements.ts';
import { chatChannelStates } from '../../lib/chat-channels.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { seal, unseal } from '../../lib/secret-box.ts';
import { enqueue } from '../../jobs/jobs.ts';
import { azureSource } from './directory.azure.ts';
import { previewSync, runSync, type RunOptions } from './directory.engine.ts';
import { ssoCardState } from '../sso/sso.service.ts';
import { googleSource } from './directory.google.ts';
import {
  companyOfSyncAcrossCompanies,
  connectionOf,
  connectionsOfCompany,
  deleteConnection,
  insertSync,
  saveConnection,
  syncById,
  syncsOf,
  updateSync,
  type ConnectionRow,
  type SyncRow,
} from './directory.queries.ts';
import { DirectoryError, type DirectorySource } from './directory.source.ts';

/** The connect forms as parsed (defaults filled in). */
export type AzureConnectInput = Required<AzureConnect>;
export type GoogleConnectInput = Required<GoogleConnect>;

/** The purpose the credentials are sealed under (lib/secret-box.ts). */
const SEAL = 'directory';
/** Sync runs a settings page shows. */
const HISTORY = 10;

type Secrets = { clientSecret: string } | { serviceAccountKey: string };

/** The adapter of a company's connection, with its credentials unsealed (they never leave the server). */
export function sourceOf(ctx: AppContext, connection: ConnectionRow): DirectorySource {
  if (!connection.credentials) throw Conflict(DIRECTORY_MESSAGES.notConnected);
  const secrets = JSON.parse(unseal(ctx.config.secretKey, SEAL, connection.credentials)) as Secrets;
  const { directory } = ctx.config;
  if (connection.product === 'azure') {
    return azureSource(
      {
        tenant: connection.fields.tenant ?? '',
        clientId: connection.fields.clientId ?? '',
        clientSecret: 'clientSecret' in secrets ? secrets.clientSecret : '',
      },
      { loginUrl: directory.microsoftLoginUrl, graphUrl: directory.microsoftGraphUrl },
    );
  }
  const key = GoogleServiceAccountKey.parse(
    JSON.parse('serviceAccountKey' in secrets ? secrets.serviceAccountKey : '{}'),
  );
  return googleSource(
    {
      clientEmail: key.client_email,
      privateKey: key.private_key,
      adminEmail: connection.fields.adminEmail ?? '',
      customer: connection.fields.customer || 'my_customer',
    },
    { apiUrl: directory.googleApiUrl, tokenUrl: directory.googleTokenUrl },
  );
}

async function upgradeNeeded(db: Db, scope: CompanyScope, product: string): Promise<boolean> {
  const input = await loadEntitlementInput(db, scope);
  return input ? needsUpgrade(input, product) : false;
}

/** Spec 3 §6: a plan without the integration refuses its changes (the page shows needsUpgrade). */
async function requireInPlan(db: Db, scope: CompanyScope, product: DirectoryProduct): Promise<void> {
  if (await upgradeNeeded(db, scope, product))
    throw new AppError(
      403,
      'not_in_plan',
      TRAINING_MESSAGES.integrationUpgrade(INTEGRATION_CATALOG[product].name),
    );
}

async function requireConnection(db: Db, scope: CompanyScope, product: DirectoryProduct) {
  const connection = await connectionOf(db, scope, product);
  if (!connection?.credentials) throw Conflict(DIRECTORY_MESSAGES.notConnected);
  return connection;
}

export function presentRun(row: SyncRow): SyncRun {
  return {
    id: row.id,
    product: row.product,
    status: SYNC_STATUS_NAMES[row.status - 1]!,
    statusCode: row.status,
    trigger: row.trigger,
    message: row.message,
    progress: row.progress,
    started: row.startedAt.toISOString(),
    finished: row.finishedAt?.toISOString() ?? null,
    ...emptySyncCounts(),
    ...row.counts,
    errorDetails: row.errorDetails,
    errors: row.errors,
  };
}

const lastSuccess = (runs: SyncRow[]) => runs.find((r) => r.status === SYNC_STATUS.success);

/** What a card says of its integration beyond the catalogue, as the integration's own module knows it. */
type CardState = Pick<IntegrationCard, 'connected' | 'enabled'> &
  Partial<Pick<IntegrationCard, 'needsUpgrade' | 'lastSync' | 'latestRunningSyncId'>>;

/**
 * Spec 3 §3 integration overview: a card per integration. The directories' state is this module's;
 * Slack and Teams are connected in modules/chat (lib/chat-channels.ts); single sign-on is one identity
 * provider per company (modules/sso), shown on the card of the kind configured.
 */
export async function integrationsOverview(db: Db, scope: CompanyScope): Promise<IntegrationsOverview> {
  const input = await loadEntitlementInput(db, scope);
  const [connections, runs, sso, chat] = await Promise.all([
    connectionsOfCompany(db, scope).then((rows) => new Map(rows.map((c) => [c.product as string, c]))),
    Promise.all(DIRECTORY_PRODUCTS.map(async (p) => [p, await syncsOf(db, scope, p, HISTORY)] as const)).then(
      (pairs) => new Map<string, SyncRow[]>(pairs),
    ),
    ssoCardState(db, scope),
    chatChannelStates(db, scope, input),
  ]);
  const stateOf = (id: IntegrationProduct): CardState => {
    if (id === 'slack' || id === 'teams')
      return { connected: chat[id].connected, enabled: chat[id].connected };
    if (id === 'azuresso' || id === 'saml') {
      const on = sso.provider === id && sso.enabled;
      return { connected: on, enabled: on, needsUpgrade: input ? !ssoAvailable(input) : false };
    }
    const connection = connections.get(id);
    const productRuns = runs.get(id) ?? [];
    return {
      connected: Boolean(connection?.credentials && connection.enabled),
      enabled: connection?.enabled ?? false,
      lastSync: lastSuccess(productRuns)?.finishedAt?.toISOString() ?? null,
      latestRunningSyncId: productRuns.find((r) => r.status === SYNC_STATUS.running)?.id ?? null,
    };
  };
  return {
    rows: INTEGRATION_PRODUCTS.map((id) => ({
      id,
      ...INTEGRATION_CATALOG[id],
      needsUpgrade: input ? needsUpgrade(input, id) : false,
      lastSync: null,
      latestRunningSyncId: null,
      ...stateOf(id),
    })),
  };
}

function runFields(runs: SyncRow[]) {
  const latest = runs[0];
  return {
    latestRunningSyncId: latest?.status === SYNC_STATUS.running ? latest.id : null,
    lastSync: lastSuccess(runs)?.finishedAt?.toISOString() ?? null,
    lastSyncId: latest?.id ?? null,
    syncStatuses: runs.map(presentRun),
  };
}

const toRule = (r: ConnectionRow['rules'][number]): GroupRule => ({
  entityType: 'group',
  externalId: r.externalId,
  displayName: r.displayName,
  rule: r.rule,
});

export async function azureSettings(db: Db, scope: CompanyScope): Promise<AzureSettings> {
  const [connection, runs, upgrade] = await Promise.all([
    connectionOf(db, scope, 'azure'),
    syncsOf(db, scope, 'azure', HISTORY),
    upgradeNeeded(db, scope, 'azure'),
  ]);
  const latest = runs[0];
  return {
    tenant: connection?.fields.tenant ?? '',
    clientId: connection?.fields.clientId ?? '',
    clientSecretSet: Boolean(connection?.credentials),
    enabled: connection?.enabled ? '1' : '0',
    connected: Boolean(connection?.enabled && connection.credentials),
    needsUpgrade: upgrade,
    status: latest?.status ?? null,
    progress: latest?.progress ?? 0,
    message: latest?.message ?? '',
    selectedGroups: (connection?.rules ?? [])
      .filter((r) => r.rule === GROUP_RULE.included)
      .map((r) => ({ id: r.externalId, displayName: r.displayName })),
    ...runFields(runs),
  };
}

export async function googleSettings(db: Db, scope: CompanyScope): Promise<GoogleSettings> {
  const [connection, runs, upgrade] = await Promise.all([
    connectionOf(db, scope, 'google'),
    syncsOf(db, scope, 'google', HISTORY),
    upgradeNeeded(db, scope, 'google'),
  ]);
  return {
    enabled: connection?.enabled ?? false,
    testMode: connection?.testMode ?? false,
    connected: Boolean(connection?.enabled && connection.credentials),
    needsUpgrade: upgrade,
    connectUrl: null,
    serviceAccountEmail: connection?.fields.serviceAccountEmail ?? null,
    keySet: Boolean(connection?.credentials),
    adminEmail: connection?.fields.adminEmail ?? '',
    customer: connection?.fields.customer ?? 'my_customer',
    rules: (connection?.rules ?? []).map(toRule),
    ...runFields(runs),
  };
}

/** Tries a source: signs in and reads one group. */
async function tryConnection(source: DirectorySource): Promise<ConnectionTest> {
  try {
    await source.test();
    return { success: true, error: null, details: null };
  } catch (err) {
    if (err instanceof DirectoryError) return { success: false, error: err.message, details: err.details };
    const message = err instanceof Error ? err.message : String(err);
    return { success: false, error: message, details: message };
  }
}

/**
 * Saves the credentials (sealed) and tries them: on success the directory is connected (enabled);
 * on failure it stays unconnected and the answer says what the directory said.
 */
export async function connectDirectory(
  ctx: AppContext,
  scope: CompanyScope,
  product: DirectoryProduct,
  input: AzureConnectInput | GoogleConnectInput,
): Promise<ConnectionTest> {
  await requireInPlan(ctx.db, scope, product);
  let settings: Record<string, string>;
  let secrets: Secrets;
  if (product === 'azure') {
    const azure = input as AzureConnectInput;
    settings = { tenant: azure.tenant, clientId: azure.clientId };
    secrets = { clientSecret: azure.clientSecret };
  } else {
    const google = input as GoogleConnectInput;
    const key = GoogleServiceAccountKey.parse(JSON.parse(google.serviceAccountKey));
    settings = {
      adminEmail: google.adminEmail,
      customer: google.customer,
      serviceAccountEmail: key.client_email,
    };
    secrets = { serviceAccountKey: google.serviceAccountKey };
  }
  const credentials = seal(ctx.config.secretKey, SEAL, JSON.stringify(secrets));
  const candidate = { product, fields: settings, credentials } as ConnectionRow;
  const result = await tryConnection(sourceOf(ctx, candidate));
  await saveConnection(ctx.db, scope, product, { fields: settings, credentials, enabled: result.success });
  return result;
}

/** Spec 3 §7 test: the stored credentials, tried now. */
export async function testDirectory(ctx: AppContext, scope: CompanyScope, product: DirectoryProduct) {
  const connection = await requireConnection(ctx.db, scope, product);
  return tryConnection(sourceOf(ctx, connection));
}

/** Google's toggles: test mode (Preview instead of Sync now) and enabled. */
export async function saveGoogleSettings(
  db: Db,
  scope: CompanyScope,
  input: GoogleSettingsSave,
): Promise<GoogleSettings> {
  await requireInPlan(db, scope, 'google');
  const connection = await requireConnection(db, scope, 'google');
  await saveConnection(db, scope, 'google', {
    testMode: input.testMode ?? connection.testMode,
    enabled: input.enabled ?? connection.enabled,
  });
  return googleSettings(db, scope);
}

/**
 * Unlink: the connection, its credentials and its groups go; the lists and people it made stay, still
 * marked with their source, so linking the directory again continues them.
 */
export async function unlinkDirectory(db: Db, scope: CompanyScope, product: DirectoryProduct): Promise<void> {
  const running = (await syncsOf(db, scope, product, 1))[0];
  if (running?.status === SYNC_STATUS.running) throw Conflict(DIRECTORY_MESSAGES.syncRunning);
  if (!(await deleteConnection(db, scope, product))) throw NotFound(DIRECTORY_MESSAGES.notConnected);
}

const encodeSkip = (next: string | null) => (next === null ? null : Buffer.from(next).toString('base64url'));
const decodeSkip = (skip: string | undefined) =>
  skip ? Buffer.from(skip, 'base64url').toString('utf8') : undefined;

/** Spec 3 §7 groups: Azure paged (top 10, skip, filter), Google likewise, with their rules and last sync. */
export async function directoryGroups(
  ctx: AppContext,
  scope: CompanyScope,
  product: DirectoryProduct,
  query: { top?: number; skip?: string | undefined; filter?: string | undefined },
): Promise<DirectoryGroupsPage> {
  const connection = await requireConnection(ctx.db, scope, product);
  let page;
  try {
    page = await sourceOf(ctx, connection).listGroups({
      search: query.filter || undefined,
      next: decodeSkip(query.skip),
      top: query.top ?? 10,
    });
  } catch (err) {
    if (err instanceof DirectoryError) throw new AppError(502, 'directory_error', err.message);
    throw err;
  }
  const rules = new Map(connection.rules.map((r) => [r.externalId, r.rule]));
  const synced =
    lastSuccess(await syncsOf(ctx.db, scope, product, HISTORY))?.finishedAt?.toISOString() ?? null;
  return {
    rows: page.groups.map((g) => ({
      ...g,
      lastSynced: rules.get(g.id) === GROUP_RULE.included ? synced : null,
      rule: rules.get(g.id) ?? null,
    })),
    skip: encodeSkip(page.next),
  };
}

/** Saves the groups to sync (the whole set). */
export async function saveRules(
  db: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
  input: { rules: GroupRule[] },
) {
  await requireInPlan(db, scope, product);
  await requireConnection(db, scope, product);
  const seen = new Set<string>();
  const rules = input.rules
    .filter((r) => !seen.has(r.externalId) && seen.add(r.externalId))
    // Azure syncs the groups it includes; only Google has exclusions.
    .filter((r) => product === 'google' || r.rule === GROUP_RULE.included)
    .map((r) => ({ externalId: r.externalId, displayName: r.displayName, rule: r.rule }));
  await saveConnection(db, scope, product, { rules });
  return { rules: rules.map(toRule) };
}

/**
 * Spec 3 §7 sync: a preview (Google in test mode always) answers what would change and writes nothing;
 * otherwise a sync run starts in the job queue and its id is answered (progress follows on the socket).
 */
export async function startSync(
  ctx: AppContext,
  scope: CompanyScope,
  product: DirectoryProduct,
  options: { preview: boolean; userId: string | null; trigger?: 'manual' | 'schedule' },
): Promise<SyncAnswer> {
  await requireInPlan(ctx.db, scope, product);
  const connection = await requireConnection(ctx.db, scope, product);
  if (!connection.enabled) throw Conflict(DIRECTORY_MESSAGES.notConnected);
  if (!connection.rules.some((r) => r.rule === GROUP_RULE.included))
    throw Invalid([DIRECTORY_MESSAGES.noGroups]);
  if (options.preview || (product === 'google' && connection.testMode)) {
    try {
      return {
        syncId: null,
        preview: await previewSync(ctx.db, scope, product, sourceOf(ctx, connection), connection.rules),
      };
    } catch (err) {
      if (err instanceof DirectoryError)
        throw new AppError(502, 'directory_error', DIRECTORY_MESSAGES.syncFailed(err.message));
      throw err;
    }
  }
  const syncId = await insertSync(ctx.db, scope, product, {
    trigger: options.trigger ?? 'manual',
    startedBy: options.userId,
  });
  if (!syncId) throw Conflict(DIRECTORY_MESSAGES.syncRunning);
  await enqueue(ctx, 'directory.sync', { syncId, companyId: scope.companyId }, { singletonKey: syncId });
  return { syncId, preview: null };
}

/** The job's work: runs or resumes a sync run (see runSync). */
export async function performSync(
  ctx: AppContext,
  scope: CompanyScope,
  syncId: string,
  options: RunOptions = {},
): Promise<void> {
  const run = await syncById(ctx.db, scope, syncId);
  if (!run || run.status !== SYNC_STATUS.running) return;
  const connection = await connectionOf(ctx.db, scope, run.product);
  if (!connection?.credentials) {
    await updateSync(ctx.db, scope, syncId, {
      status: SYNC_STATUS.failed,
      phase: 'done',
      message: DIRECTORY_MESSAGES.syncFailed(DIRECTORY_MESSAGES.notConnected),
      errorDetails: DIRECTORY_MESSAGES.notConnected,
      finishedAt: new Date(),
    });
    return;
  }
  await runSync(ctx, scope, syncId, sourceOf(ctx, connection), connection.rules, options);
}

export async function syncHistory(
  db: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
): Promise<SyncHistory> {
  return { rows: (await syncsOf(db, scope, product, 50)).map(presentRun) };
}

export async function syncRun(
  db: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
  syncId: string,
): Promise<SyncRun> {
  const run = await syncById(db, scope, syncId);
  if (!run || run.product !== product) throw NotFound('This sync does not exist.');
  return presentRun(run);
}

/** Spec 3 §7 Google sync log: a sync's lines (the latest sync's by default) after `token`. */
export async function googleLog(
  db: Db,
  scope: CompanyScope,
  query: { lastSyncId?: string | undefined; token: number },
): Promise<SyncLog> {
  const run = query.lastSyncId
    ? await syncById(db, scope, query.lastSyncId)
    : (await syncsOf(db, scope, 'google', 1))[0];
  if (!run || run.product !== 'google') return { syncId: null, status: null, lines: [], token: 0 };
  const lines = run.log.slice(query.token);
  return {
    syncId: run.id,
    status: SYNC_STATUS_NAMES[run.status - 1]!,
    lines,
    token: query.token + lines.length,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Used by the realtime socket: whose sync this is (it then checks the user's access to that company).
export const companyOfSync = async (db: Db, syncId: string): Promise<string | null> =>
  UUID.test(syncId) ? companyOfSyncAcrossCompanies(db, syncId) : null;
export { syncRoom } from './directory.engine.ts';
