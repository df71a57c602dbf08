/**
 * Embed content with pay-per-view: the company's PPV (key, allowed domains, views), its snippets, the
 * views log and purchases (manager side), and the public player's grants and view reports. The rules
 * (counting, signed media, the allow-list) are written out in ARCHITECTURE, "Embed content and
 * pay-per-view".
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  localize,
  localizeInteractive,
  PPV_EVENT,
  PPV_LIMITS,
  PPV_MESSAGES,
  ppvEventName,
  SUBJECT_TYPES,
  viewsPercent,
  type EmbedCategoriesResponse,
  type EmbedVideo,
  type EmbedVideosPage,
  type PpvGrant,
  type PpvGrantRequest,
  type PpvLogEntry,
  type PpvLogPage,
  type PpvPurchaseResult,
  type PpvStatus,
  type PpvTransaction,
  type PpvViewReport,
} from '@vigil/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFound } from '../../http/errors.ts';
import { publicScope } from '../../http/guards.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import { toCsv } from '../../lib/csv.ts';
import { groupCommit } from '../../lib/group-commit.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { mediaSigner } from '../../lib/signed-media.ts';
import {
  billingFor,
  chargeCompanyOnce,
  companyCardOnFile,
  type Billing,
} from '../billing/billing.service.ts';
import { brandOf } from '../companies/companies.service.ts';
import { activeSubjects, INTERACTIVE_LANGUAGES } from '../content/content.service.ts';
import { embedCompanyOf, embedKeyOf, embedSubjectOf } from './ppv.cache.ts';
import {
  addViewsPurchased,
  countView,
  insertHistory,
  insertLog,
  insertPpv,
  insertTransaction,
  logGrants,
  logRows,
  ppvOf,
  setSnippet,
  snippetOf,
  snippetsOf,
  transactionsOf,
  updatePpv,
  type EmbedKey,
  type LogEntry,
  type LogFilter,
  type LogInsert,
  type PpvRow,
  type TransactionRow,
} from './ppv.queries.ts';

export type PpvContext = { db: Db; config: Config };
const CURRENCY = 'EUR';

/** A new embed key: 128 random bits, url-safe (it is printed in snippets). */
const newKey = () => `pk_${randomBytes(16).toString('base64url')}`;

const noAccess = (config: Config) =>
  new AppError(403, 'ppv_no_access', PPV_MESSAGES.noAccess.replace('{support}', config.supportEmail));

function presentStatus(
  config: Config,
  companyId: string,
  row: PpvRow | undefined,
  cardOnFile: string | null,
): PpvStatus {
  return {
    company_id: companyId,
    enabled: Boolean(row),
    trial: row?.trial ?? false,
    viewsPurchased: row?.viewsPurchased ?? 0,
    viewsUsed: row?.viewsUsed ?? 0,
    percent: viewsPercent(row?.viewsUsed ?? 0, row?.viewsPurchased ?? 0),
    apiKey: row?.apiKey ?? null,
    allowedDomains: row?.allowedDomains ?? [],
    support: config.supportEmail,
    viewPriceCents: PPV_LIMITS.viewPriceCents,
    currency: CURRENCY,
    cardOnFile,
  };
}

async function requirePpv(ctx: PpvContext, scope: CompanyScope): Promise<PpvRow> {
  const row = await ppvOf(ctx.db, scope);
  if (!row) throw noAccess(ctx.config);
  return row;
}

export async function ppvStatus(ctx: PpvContext, tenant: TenantContext): Promise<PpvStatus> {
  const [row, card] = await Promise.all([ppvOf(ctx.db, tenant), companyCardOnFile(ctx, tenant)]);
  return presentStatus(ctx.config, tenant.companyId, row, row ? card : null);
}

/** /ppv-trial: PPV with a few free views, once. */
export async function startTrial(ctx: PpvContext, tenant: TenantContext): Promise<PpvStatus> {
  const made = await ctx.db.transaction(async (tx) => {
    const ok = await insertPpv(tx, tenant, {
      apiKey: newKey(),
      trial: true,
      viewsPurchased: PPV_LIMITS.trialViews,
    });
    if (ok)
      await insertTransaction(tx, tenant, {
        kind: 'trial',
        views: PPV_LIMITS.trialViews,
        amount: 0,
        currency: CURRENCY,
      });
    return ok;
  });
  if (!made) throw new AppError(409, 'ppv_exists', PPV_MESSAGES.trialExists);
  return ppvStatus(ctx, tenant);
}

/** A new key: every snippet with the old one stops working at once. */
export async function regenerateKey(ctx: PpvContext, tenant: TenantContext): Promise<PpvStatus> {
  await requirePpv(ctx, tenant);
  await updatePpv(ctx.db, tenant, { apiKey: newKey(), keyCreatedAt: new Date() });
  companyChanged(tenant.companyId);
  return ppvStatus(ctx, tenant);
}

export async function saveSettings(
  ctx: PpvContext,
  tenant: TenantContext,
  allowedDomains: string[],
): Promise<PpvStatus> {
  await requirePpv(ctx, tenant);
  await updatePpv(ctx.db, tenant, { allowedDomains: [...new Set(allowedDomains)] });
  companyChanged(tenant.companyId);
  return ppvStatus(ctx, tenant);
}

type CatalogueRow = Awaited<ReturnType<typeof activeSubjects>>[number];
type EmbedSubjectRow = Pick<CatalogueRow['subject'], 'type' | 'media' | 'title'>;

/**
 * What a snippet can play: a video with its media, or an interactive subject (type 5: its scenes, which
 * the content pack's test requires, come with the grant and the player loads their part on demand).
 */
const isEmbeddableSubject = (s: EmbedSubjectRow) =>
  (s.type === SUBJECT_TYPES.video && Object.keys(s.media).length > 0) || s.type === SUBJECT_TYPES.interactive;
const isEmbeddable = (r: CatalogueRow) => isEmbeddableSubject(r.subject);

/**
 * The languages a subject plays in: its videos', or those every text of an interactive subject is
 * written in (the content pack's test holds them).
 */
const embedLanguages = (s: EmbedSubjectRow) =>
  (s.type === SUBJECT_TYPES.interactive
    ? Object.keys(s.title).filter((l) => INTERACTIVE_LANGUAGES.includes(l))
    : Object.keys(s.media)
  ).sort();

function presentVideo(
  r: CatalogueRow,
  lang: string,
  snippet: { active: boolean; views: number } | undefined,
): EmbedVideo {
  const media = r.subject.media;
  return {
    subject_id: r.subject.id,
    title: localize(r.subject.title, lang),
    description: localize(r.subject.description, lang),
    thumb: r.subject.thumb,
    categories: [localize(r.category.name, lang)],
    views: snippet?.views ?? 0,
    status: snippet?.active ?? false,
    disabled: false,
    languages: embedLanguages(r.subject),
    type: r.subject.type,
    captionLanguages: Object.keys(media)
      .filter((l) => media[l]?.captions)
      .sort(),
  };
}

/** The embeddable videos, 20 a page, filtered on title or description (in the manager's language). */
export async function embedVideos(
  ctx: PpvContext,
  tenant: TenantContext,
  query: { page: number; search?: string | undefined },
  lang: string,
): Promise<EmbedVideosPage> {
  await requirePpv(ctx, tenant);
  const [rows, snippets] = await Promise.all([activeSubjects(ctx.db), snippetsOf(ctx.db, tenant)]);
  const bySubject = new Map(snippets.map((s) => [s.subjectId, s]));
  const needle = query.search?.toLowerCase();
  const videos = rows
    .filter(isEmbeddable)
    .map((r) => presentVideo(r, lang, bySubject.get(r.subject.id)))
    .filter((v) => !needle || `${v.title}\n${v.description}`.toLowerCase().includes(needle));
  const size = PPV_LIMITS.pageSize;
  return {
    rows: videos.slice((query.page - 1) * size, query.page * size),
    total: videos.length,
    page: query.page,
    pageSize: size,
  };
}

async function embeddableSubject(db: Db, subjectId: string): Promise<CatalogueRow> {
  const row = (await activeSubjects(db)).find((r) => r.subject.id === subjectId);
  if (!row || !isEmbeddable(row)) throw NotFound('Video not found.');
  return row;
}

export async function embedVideo(
  ctx: PpvContext,
  tenant: TenantContext,
  subjectId: string,
  lang: string,
): Promise<EmbedVideo> {
  await requirePpv(ctx, tenant);
  const row = await embeddableSubject(ctx.db, subjectId);
  return presentVideo(row, lang, await snippetOf(ctx.db, tenant, subjectId));
}

/** Generate Snippet (enabled) or Disable Snippet. */
export async function toggleSnippet(
  ctx: PpvContext,
  tenant: TenantContext,
  subjectId: string,
  enabled: boolean,
  lang: string,
): Promise<EmbedVideo> {
  await requirePpv(ctx, tenant);
  await embeddableSubject(ctx.db, subjectId);
  await setSnippet(ctx.db, tenant, subjectId, enabled);
  companyChanged(tenant.companyId);
  return embedVideo(ctx, tenant, subjectId, lang);
}

// ---------------------------------------------------------------------------------------------------
// Signed tokens: the configurator's preview, the /embed ticket and the playback grant

type Signed<T> = T & { exp: number; t: string };

function signToken<T extends object>(secret: string, kind: string, body: T, exp: number): string {
  const payload = Buffer.from(JSON.stringify({ ...body, exp, t: kind })).toString('base64url');
  const sig = createHmac('sha256', secret).update(`ppv\n${payload}`).digest('base64url');
  return `${payload}.${sig}`;
}

function readToken<T extends object>(
  secret: string,
  kind: string,
  token: string | undefined,
): Signed<T> | null {
  if (!token) return null;
  const [payload, sig] = token.split('.');
  if (!payload || !sig) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(`ppv\n${payload}`).digest('base64url'));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Signed<T>;
    if (body.t !== kind || typeof body.exp !== 'number' || body.exp * 1000 < Date.now()) return null;
    return body;
  } catch {
    return null;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

type PreviewBody = { c: string; s: string };

/** A token for the configurator's live preview: that company's subject plays, nothing is counted. */
export async function previewToken(ctx: PpvContext, tenant: TenantContext, subjectId: string) {
  await requirePpv(ctx, tenant);
  await embeddableSubject(ctx.db, subjectId);
  const exp = nowSeconds() + PPV_LIMITS.previewSeconds;
  return {
    token: signToken<PreviewBody>(
      ctx.config.secretKey,
      'preview',
      { c: tenant.companyId, s: subjectId },
      exp,
    ),
    exp,
  };
}

type TicketBody = { k: string; s: string; o: string };
/** The /embed document's ticket: which page (origin host) framed the player for that key and subject. */
export function embedTicket(config: Config, key: string, subjectId: string, originHost: string): string {
  return signToken<TicketBody>(
    config.secretKey,
    'ticket',
    { k: key, s: subjectId, o: originHost },
    nowSeconds() + PPV_LIMITS.grantSeconds,
  );
}

type GrantBody = {
  c: string;
  s: string;
  k: string;
  v: string;
  p: boolean;
  u: string | null;
  l: string | null;
  j: string | null;
  ip: string | null;
};

// ---------------------------------------------------------------------------------------------------
// The allow-list

/** host[:port] of an origin or URL; null when it is not one. */
export function hostOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a host (host[:port]) is on the list: an entry is a host (matched with its port, none meaning
 * the scheme's default) or *.domain for any sub-domain, as CSP host sources read them.
 */
export function domainAllowed(allowed: string[], host: string): boolean {
  return allowed.some((entry) => {
    if (entry.startsWith('*.')) {
      const [entryHost, entryPort] = entry.slice(1).split(':');
      const [h, p] = host.split(':');
      return Boolean(h?.endsWith(entryHost!)) && (p ?? '') === (entryPort ?? '');
    }
    return entry === host;
  });
}

/** The pages besides ours that may frame the player: the allowed domains, as CSP host sources. */
export function framingSources(allowed: string[]): string[] {
  return allowed.flatMap((d) => [`https://${d}`, `http://${d}`]);
}

// ---------------------------------------------------------------------------------------------------
// The public player

/** An address shortened for privacy: IPv4 to its /24, IPv6 to its /48. */
export function shortIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0`;
  const groups = ip.split(':').filter(Boolean).slice(0, 3);
  return `${groups.join(':')}::`;
}

export class PpvRefused extends AppError {
  constructor(
    status: number,
    code: 'key_unknown' | 'origin_refused' | 'snippet_inactive' | 'limit_reached',
    description: string,
  ) {
    super(status, code, description);
  }
}

/** The company a public call's key names; null for an unknown key or a company without PPV. */
export async function ppvOfKey(db: Db, key: string): Promise<EmbedKey | null> {
  return (await embedKeyOf(db, key)) ?? null;
}

/**
 * Per database: grants' log rows, gathered while one statement runs into the next (lib/group-commit.ts);
 * that statement also reads the views left, so a grant costs at most one statement.
 */
const grantLoggers = new WeakMap<
  Db,
  (grant: { companyId: string; entry: LogEntry }) => Promise<number | null>
>();

function logGrant(db: Db, companyId: string, entry: LogEntry): Promise<number | null> {
  let logger = grantLoggers.get(db);
  if (!logger) {
    logger = groupCommit((grants: { companyId: string; entry: LogEntry }[]) =>
      logGrants(db, grants, PPV_MESSAGES.limitReached),
    );
    grantLoggers.set(db, logger);
  }
  return logger({ companyId, entry });
}

export type GrantCaller = {
  ip: string | undefined;
  userAgent: string | undefined;
  /** The host of the request's Origin (or Referer) header; null when neither was sent. */
  originHost: string | null;
  /** Our own host as the request addressed it. */
  ownHost: string | null;
};

const clip = (v: string | undefined, max: number) => (v ? v.slice(0, max) : null);

/**
 * The player's first call: checks the key, the page the player is on (the ticket of the /embed
 * document and the request's origin against the allow-list), the snippet state and the views left,
 * then answers signed media URLs. Logged as Signature; a refusal of a known key is logged as Error.
 */
export async function grant(ctx: PpvContext, req: PpvGrantRequest, caller: GrantCaller): Promise<PpvGrant> {
  const ppv = await ppvOfKey(ctx.db, req.key);
  if (!ppv || (req.c && req.c !== ppv.companyId))
    throw new PpvRefused(403, 'key_unknown', PPV_MESSAGES.keyUnknown);
  const scope = publicScope(ppv.companyId, 'ppv grant');
  const entry: LogEntry = {
    subjectId: req.s,
    clientIp: shortIp(caller.ip),
    jsVideoId: clip(req.jsVideoId, 100),
    location: clip(req.location, PPV_LIMITS.locationMax),
    uid: clip(req.uid, PPV_LIMITS.uidMax),
    apiKey: ppv.apiKey,
  };
  const refuse = async (e: PpvRefused) => {
    await insertLog(ctx.db, scope, { ...entry, eventType: PPV_EVENT.error, message: e.message });
    return e;
  };

  const preview = readToken<PreviewBody>(ctx.config.secretKey, 'preview', req.preview);
  const isPreview = Boolean(preview && preview.c === ppv.companyId && preview.s === req.s);
  if (!isPreview) {
    // The page that framed the player (its ticket) and the origin of this call must be allowed.
    const ticket = readToken<TicketBody>(ctx.config.secretKey, 'ticket', req.ticket);
    const framedBy = ticket && ticket.k === ppv.apiKey && ticket.s === req.s ? ticket.o : null;
    const origin = caller.originHost;
    const originOk =
      origin === null || origin === caller.ownHost || domainAllowed(ppv.allowedDomains, origin);
    if (!framedBy || !domainAllowed(ppv.allowedDomains, framedBy) || !originOk)
      throw await refuse(new PpvRefused(403, 'origin_refused', PPV_MESSAGES.originRefused));
    if (!ppv.activeSubjects.includes(req.s))
      throw await refuse(new PpvRefused(403, 'snippet_inactive', PPV_MESSAGES.snippetInactive));
  }
  const [row, company] = await Promise.all([
    embedSubjectOf(ctx.db, req.s),
    embedCompanyOf(ctx.db, ppv.companyId),
  ]);
  if (
    !row ||
    row.subject.retiredAt ||
    !isEmbeddableSubject(row.subject) ||
    (row.subject.type === SUBJECT_TYPES.interactive && !row.subject.body.interactive)
  )
    throw await refuse(new PpvRefused(403, 'snippet_inactive', PPV_MESSAGES.snippetInactive));
  // The Signature row, written while the answer is made; it also reads whether a view is left.
  const logged = isPreview ? null : logGrant(ctx.db, ppv.companyId, entry);

  const brand = brandOf(ctx.config, company!.company);
  const languages = embedLanguages(row.subject);
  const language =
    req.lang && languages.includes(req.lang) ? req.lang : languages.includes('en') ? 'en' : languages[0]!;
  const signer = mediaSigner(ctx.config.secretKey);
  const exp = signer.expiry(PPV_LIMITS.grantSeconds);
  const scenes = row.subject.body.interactive;
  const interactive = scenes
    ? Object.fromEntries(languages.map((l) => [l, localizeInteractive(scenes, l)]))
    : null;
  const media = Object.fromEntries(
    Object.keys(row.subject.media).map((l) => {
      const m = row.subject.media[l]!;
      return [
        l,
        {
          video: signer.sign(m.video, PPV_LIMITS.grantSeconds),
          captions: m.captions ? signer.sign(m.captions, PPV_LIMITS.grantSeconds) : null,
        },
      ];
    }),
  );
  const viewer = req.uid
    ? `u:${req.uid}`
    : req.viewer
      ? `v:${req.viewer}`
      : `a:${createHash('sha256')
          .update(`${caller.ip ?? ''}\n${caller.userAgent ?? ''}`)
          .digest('base64url')
          .slice(0, 22)}`;
  const body: GrantBody = {
    c: ppv.companyId,
    s: req.s,
    k: ppv.apiKey,
    v: viewer,
    p: isPreview,
    u: clip(req.uid, PPV_LIMITS.uidMax),
    l: clip(req.location, PPV_LIMITS.locationMax),
    j: clip(req.jsVideoId, 100),
    ip: shortIp(caller.ip),
  };
  if (logged) {
    const event = await logged;
    // The key was replaced since this process looked it up: nothing was logged.
    if (event === null) throw new PpvRefused(403, 'key_unknown', PPV_MESSAGES.keyUnknown);
    // No view left: logged as an Error.
    if (event === PPV_EVENT.error) throw new PpvRefused(402, 'limit_reached', PPV_MESSAGES.limitReached);
  }
  return {
    grant: signToken(ctx.config.secretKey, 'grant', body, exp),
    exp,
    preview: isPreview,
    subject: {
      id: row.subject.id,
      title: localize(row.subject.title, language),
      language,
      languages,
      thumb: row.subject.thumb,
      type: row.subject.type,
    },
    media,
    interactive,
    brand: { color: brand.primaryColor, logo: brand.logoUrl, companyName: brand.companyName },
  };
}

/**
 * The player's report. A view counts once per company, subject, viewer and UTC day (the viewer: the
 * embedder's uid, else the player's own id, else a hash of address and browser), and only while views
 * are left; a preview counts nothing; an error is logged.
 */
export async function reportView(ctx: PpvContext, report: PpvViewReport): Promise<{ counted: boolean }> {
  const g = readToken<GrantBody>(ctx.config.secretKey, 'grant', report.grant);
  if (!g) throw new PpvRefused(403, 'key_unknown', PPV_MESSAGES.keyUnknown);
  if (g.p) return { counted: false };
  const scope = publicScope(g.c, 'ppv view');
  const entry: LogEntry = {
    subjectId: g.s,
    clientIp: g.ip,
    jsVideoId: g.j,
    location: g.l,
    uid: g.u,
    apiKey: g.k,
  };
  if (report.event === 'error') {
    // A key regenerated since the grant: the old snippet stops here too.
    const ppv = await ppvOfKey(ctx.db, g.k);
    if (!ppv || ppv.companyId !== g.c) throw new PpvRefused(403, 'key_unknown', PPV_MESSAGES.keyUnknown);
    await insertLog(ctx.db, scope, {
      ...entry,
      eventType: PPV_EVENT.error,
      message: clip(report.message, 500) ?? 'Player error',
    });
    return { counted: false };
  }
  const day = new Date().toISOString().slice(0, 10);
  const outcome = await countView(
    ctx.db,
    scope,
    { subjectId: g.s, viewer: g.v, day },
    entry,
    PPV_MESSAGES.limitReached,
  );
  // A key regenerated since the grant: the old snippet stops here too.
  if (outcome === 'key_unknown') throw new PpvRefused(403, 'key_unknown', PPV_MESSAGES.keyUnknown);
  if (outcome === 'limit') throw new PpvRefused(402, 'limit_reached', PPV_MESSAGES.limitReached);
  return { counted: outcome === 'counted' };
}

/** Spec 3 §7: every category with its embeddable videos, for the public 'Videos to embed' page. */
export async function embedCategories(db: Db, lang: string): Promise<EmbedCategoriesResponse> {
  const byCategory = new Map<string, EmbedCategoriesResponse['categories'][number]>();
  for (const r of (await activeSubjects(db)).filter(isEmbeddable)) {
    const entry = byCategory.get(r.category.id) ?? {
      id: r.category.id,
      name: localize(r.category.name, lang),
      subjects: [],
    };
    entry.subjects.push({
      subject_id: r.subject.id,
      title: localize(r.subject.title, lang),
      thumb: r.subject.thumb,
      languages: embedLanguages(r.subject),
      type: r.subject.type,
    });
    byCategory.set(r.category.id, entry);
  }
  return { categories: [...byCategory.values()] };
}

// ---------------------------------------------------------------------------------------------------
// The views log, its export, purchases

type LogQuery = {
  from?: string | undefined;
  to?: string | undefined;
  subjectId?: string | undefined;
  type?: number | undefined;
};

function logFilter(q: LogQuery): LogFilter {
  const f: LogFilter = {};
  if (q.from) f.from = new Date(`${q.from}T00:00:00Z`);
  if (q.to) f.to = new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000);
  if (q.subjectId) f.subjectId = q.subjectId;
  if (q.type !== undefined) f.type = q.type;
  return f;
}

async function subjectTitles(db: Db, lang: string): Promise<Map<string, string>> {
  return new Map((await activeSubjects(db)).map((r) => [r.subject.id, localize(r.subject.title, lang)]));
}

function presentLog(
  r: Awaited<ReturnType<typeof logRows>>['rows'][number],
  titles: Map<string, string>,
): PpvLogEntry {
  return {
    id: String(r.id),
    timestamp: r.at.toISOString(),
    event_type: r.eventType,
    subject_id: r.subjectId,
    subject_title: r.subjectId ? (titles.get(r.subjectId) ?? r.subjectId) : null,
    client_ip: r.clientIp,
    js_video_id: r.jsVideoId,
    locaction: r.location,
    uid: r.uid,
    api_key: r.apiKey,
    message: r.message,
  };
}

export async function viewsLog(
  ctx: PpvContext,
  tenant: TenantContext,
  q: LogQuery & { page: number },
  lang: string,
): Promise<PpvLogPage> {
  await requirePpv(ctx, tenant);
  const size = PPV_LIMITS.logPageSize;
  const [{ rows, total }, titles] = await Promise.all([
    logRows(ctx.db, tenant, logFilter(q), { limit: size, offset: (q.page - 1) * size }),
    subjectTitles(ctx.db, lang),
  ]);
  return { rows: rows.map((r) => presentLog(r, titles)), total, page: q.page, pageSize: size };
}

/** Rows in one export at most. */
const EXPORT_MAX = 100_000;

export async function viewsLogCsv(
  ctx: PpvContext,
  tenant: TenantContext,
  q: LogQuery,
  lang: string,
): Promise<string> {
  await requirePpv(ctx, tenant);
  const [{ rows }, titles] = await Promise.all([
    logRows(ctx.db, tenant, logFilter(q), { limit: EXPORT_MAX, offset: 0 }),
    subjectTitles(ctx.db, lang),
  ]);
  return toCsv(
    ['Time', 'Event type', 'Subject', 'Client address', 'Video id', 'Location', 'UID', 'Key', 'Message'],
    rows.map((r) => {
      const e = presentLog(r, titles);
      return [
        e.timestamp,
        ppvEventName(e.event_type),
        e.subject_title,
        e.client_ip,
        e.js_video_id,
        e.locaction,
        e.uid,
        e.api_key,
        e.message,
      ];
    }),
  );
}

function presentTransaction(t: TransactionRow): PpvTransaction {
  return {
    id: t.id,
    created: t.createdAt.toISOString(),
    views: t.views,
    amount: t.amount,
    currency: t.currency,
    kind: t.kind,
  };
}

export async function transactions(ctx: PpvContext, tenant: TenantContext) {
  await requirePpv(ctx, tenant);
  return { rows: (await transactionsOf(ctx.db, tenant)).map(presentTransaction) };
}

/** Buys views through the payment provider; an empty amount does nothing (spec 3 §5). */
export async function buyViews(
  ctx: PpvContext & { queue: Billing['queue'] },
  tenant: TenantContext,
  req: { views: number | null; paymentNonce?: string | undefined },
): Promise<PpvPurchaseResult> {
  await requirePpv(ctx, tenant);
  if (!req.views) return { status: await ppvStatus(ctx, tenant), transaction: null };
  const amount = req.views * PPV_LIMITS.viewPriceCents;
  const paid = await chargeCompanyOnce(billingFor(ctx), tenant, {
    amount,
    description: `${req.views} views (pay-per-view)`,
    paymentNonce: req.paymentNonce ?? null,
  });
  const row = await ctx.db.transaction(async (tx) => {
    await addViewsPurchased(tx, tenant, req.views!);
    return insertTransaction(tx, tenant, {
      kind: 'purchase',
      views: req.views!,
      amount,
      currency: CURRENCY,
      providerRef: paid.paymentId,
    });
  });
  return { status: await ppvStatus(ctx, tenant), transaction: presentTransaction(row) };
}

// Used by other modules.

/**
 * A company with PPV and a history (the demo): the first `snippets` embeddable videos active, and
 * `days` of views before `now` from the allowed page, each with its Signature, a few Errors.
 */
export async function loadPpvHistory(
  db: Db,
  scope: CompanyScope,
  input: { allowedDomains: string[]; viewsPurchased: number; snippets: number; days: number; now: Date },
): Promise<void> {
  await insertPpv(db, scope, { apiKey: newKey(), trial: false, viewsPurchased: input.viewsPurchased });
  await updatePpv(db, scope, { allowedDomains: input.allowedDomains });
  const subjects = (await activeSubjects(db))
    // The demo's snippets are videos (an interactive subject is embeddable too, but not in the demo).
    .filter((r) => r.subject.type === SUBJECT_TYPES.video && isEmbeddable(r))
    .slice(0, input.snippets)
    .map((r) => r.subject.id);
  const ppv = (await ppvOf(db, scope))!;
  const views: { subjectId: string; viewer: string; day: string }[] = [];
  const log: LogInsert[] = [];
  const perSubject = new Map(subjects.map((s) => [s, 0]));
  const page = input.allowedDomains[0] ? `https://${input.allowedDomains[0]}/training` : null;
  for (let d = input.days; d >= 1; d--) {
    const dayStart = input.now.getTime() - d * 86_400_000;
    const day = new Date(dayStart).toISOString().slice(0, 10);
    const weekday = new Date(dayStart).getUTCDay();
    subjects.forEach((subjectId, i) => {
      // Fewer on weekends, more for the first videos: a plausible month, the same every load.
      const count = weekday === 0 || weekday === 6 ? 1 + (i % 2) : 6 + ((d * 7 + i * 3) % 9) - i;
      for (let n = 0; n < count; n++) {
        const at = new Date(dayStart + (8 * 3600 + n * 1800 + i * 300) * 1000);
        const viewer = `v:demo-${(d * 31 + n * 7 + i) % 400}`;
        if (views.some((v) => v.subjectId === subjectId && v.viewer === viewer && v.day === day)) continue;
        const entry = {
          subjectId,
          clientIp: `10.20.${(n + i) % 8}.0`,
          jsVideoId: 'training-video',
          location: page,
          uid: null,
          apiKey: ppv.apiKey,
        };
        log.push({ ...entry, at, eventType: PPV_EVENT.signature });
        log.push({ ...entry, at: new Date(at.getTime() + 4000), eventType: PPV_EVENT.view });
        views.push({ subjectId, viewer, day });
        perSubject.set(subjectId, (perSubject.get(subjectId) ?? 0) + 1);
      }
      if ((d + i) % 11 === 0)
        log.push({
          subjectId,
          clientIp: '10.20.9.0',
          jsVideoId: 'training-video',
          location: page,
          uid: null,
          apiKey: ppv.apiKey,
          at: new Date(dayStart + 15 * 3600 * 1000),
          eventType: PPV_EVENT.error,
          message: 'MEDIA_ERR_NETWORK',
        });
    });
  }
  await insertHistory(db, scope, { views, log, perSubject });
}
