/**
 * What happens after a simulated mail is sent: the link's requests told apart (a person's click or a
 * scanner's check, docs/PHISHING-TRACKING.md), the open pixel, the landing page's submission (only
 * that it happened) and the teachable moment.
 */
import { createHash, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import {
  classifyLinkRequest,
  confirmsClick,
  customTemplateId,
  localizePhishingLesson,
  mailLanguage,
  PHISHING_SAMPLE_VARS,
  phishingPaths,
  renderPhishingLandingPage,
  renderPhishingTemplate,
  SCANNER_RULES,
  type PhishingClickSignals,
  type PhishingFlagLocation,
  type PhishingLandingPage,
  type PhishingTemplate,
  type PhishingVars,
  type ScannerReason,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { publicScope } from '../../http/guards.ts';
import { onCompanyChanged } from '../../lib/company-changes.ts';
import { expiring } from '../../lib/expiring.ts';
import { groupCommit } from '../../lib/group-commit.ts';
import { phishingDeliveryOf } from '../../lib/phishing-token.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { phishingLibrary } from '../phishing/phishing.library.ts';
import { enrolAfterClick } from '../phishing/phishing.service.ts';
import {
  clicksOf,
  confirmVisit,
  customTemplateOf,
  deliveriesAcrossCompanies,
  deliveryAcrossCompanies,
  insertLinkRequests,
  insertOnce,
  setScannerReason,
  requestsAround,
  visitOf,
  type DeliveryContext,
  type LinkRequestRow,
  type RequestFacts,
} from './phishing-tracking.queries.ts';
import {
  goneHtml,
  landingPageTemplate,
  neutralPageHtml,
  pageNonce,
  TEACHABLE_TEXTS,
  teachableMomentHtml,
  type TeachableFlag,
} from './phishing-tracking.pages.ts';
import { recentLinkRequests } from './phishing-tracking.recent.ts';

/** One request as the public routes see it. */
export interface IncomingRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}

export interface PageAnswer {
  status: number;
  html: string;
  nonce: string;
}

const header = (headers: IncomingRequest['headers'], name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

/** The client's network, never its full address: IPv4 /24, IPv6 /48. */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const groups = ip.split('::')[0]!.split(':').slice(0, 3);
  while (groups.length < 3) groups.push('0');
  return `${groups.map((g) => g || '0').join(':')}::/48`;
}

const factsOf = (req: IncomingRequest): RequestFacts => ({
  method: req.method.toUpperCase().slice(0, 10),
  userAgent: header(req.headers, 'user-agent')?.slice(0, 300) ?? null,
  network: networkOf(req.ip),
});

/** The delivery a token names (its MAC checked), with the company's scope; null for a bad token. */
async function deliveryOfToken(
  ctx: AppContext,
  token: string,
): Promise<{ d: DeliveryContext; scope: CompanyScope } | null> {
  const id = phishingDeliveryOf(ctx.config.secretKey, token);
  if (id === null) return null;
  const d = await deliveryAcrossCompanies(ctx.db, id);
  return d ? { d, scope: publicScope(d.companyId, 'phishing link') } : null;
}

// A visit id is the interaction row's id with a MAC, so a page's confirmation names only its own row.
// (A KeyObject, as in lib/phishing-token.ts: raw key bytes are imported again at each MAC.)
const visitKeys = new Map<string, KeyObject>();
const visitKey = (secret: string) => {
  let key = visitKeys.get(secret);
  if (!key) {
    key = createSecretKey(createHash('sha256').update(`phishing-visit\0${secret}`).digest());
    visitKeys.set(secret, key);
  }
  return key;
};
const visitMac = (secret: string, deliveryId: number, id: number) =>
  createHmac('sha256', visitKey(secret))
    .update(`${deliveryId}.${id}`)
    .digest()
    .subarray(0, 12)
    .toString('base64url');

export const visitToken = (secret: string, deliveryId: number, id: number) =>
  `${id}.${visitMac(secret, deliveryId, id)}`;

function visitIdOf(secret: string, deliveryId: number, visit: string): number | null {
  const [idText, mac] = visit.split('.');
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id <= 0 || !mac) return null;
  const want = Buffer.from(visitMac(secret, deliveryId, id));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}

/** What a token's delivery resolves to for its link. */
interface LinkTarget {
  d: DeliveryContext;
  scope: CompanyScope;
  /** The mail's landing page with its nonce and visit left open, written at the first request that gets it. */
  page?: (nonce: string, visit: string) => string;
}

/**
 * What this process keeps for the requests of mails' links, per database:
 * - what a token resolves to, for a minute: a mail's link is requested a few times (scanners at
 *   delivery, then the person, a reload), and what its page shows (the employee's and company's names,
 *   the campaign's landing page) changes rarely; a change shows within the minute, a company's change
 *   made here at once. A delivery deleted meanwhile gets nothing written and a 404 (insertLinkRequests
 *   checks it). A mail without a sent time is not kept, so the `too-soon` rule sees it once it is set;
 * - the lookups of tokens not kept and the rows of the requests, each gathered into one statement
 *   while another runs (lib/group-commit.ts), so that under load a statement serves many requests;
 * - the requests of the burst rule's window (phishing-tracking.recent.ts).
 */
function linkState(db: Db) {
  const targets = expiring<number, LinkTarget>(60_000, 20_000);
  onCompanyChanged((companyId) => targets.forgetWhere((_, t) => t.d.companyId === companyId));
  const lookup = groupCommit(async (ids: number[]) => {
    const found = new Map((await deliveriesAcrossCompanies(db, [...new Set(ids)])).map((d) => [d.id, d]));
    return ids.map((id) => found.get(id));
  });
  return {
    target(id: number): Promise<LinkTarget | undefined> {
      return (
        targets.get(id) ??
        targets.set(
          id,
          lookup(id).then((d) => d && { d, scope: publicScope(d.companyId, 'phishing link') }),
          (t) => t.d.sentAt !== null,
        )
      );
    },
    forget: (id: number) => targets.forgetWhere((key) => key === id),
    write: groupCommit((rows: LinkRequestRow[]) => insertLinkRequests(db, rows)),
    recent: recentLinkRequests(SCANNER_RULES.burstWindowSeconds * 1000),
  };
}
const linkStates = new WeakMap<Db, ReturnType<typeof linkState>>();
const linkStateOf = (db: Db) => {
  let state = linkStates.get(db);
  if (!state) linkStates.set(db, (state = linkState(db)));
  return state;
};

const HARD_PAGE_REASONS: readonly ScannerReason[] = ['head', 'prefetch', 'user-agent', 'address'];

/**
 * GET or HEAD of a mail's link. Every request is kept as one row: a hard scanner rule's (HEAD, prefetch,
 * known user agent or address) gets a neutral page; anything else gets the landing page, and its row
 * stays scanner activity (`no-script`, or the soft rule's reason) until the page's script confirms it.
 * The page is answered once its row is committed: its visit id is the row's, and a confirmation can
 * only name a row that is there.
 */
export async function linkRequest(ctx: AppContext, token: string, req: IncomingRequest): Promise<PageAnswer> {
  const n = pageNonce();
  const state = linkStateOf(ctx.db);
  const target = await targetOfToken(ctx, token);
  if (!target) return { status: 404, html: goneHtml(n), nonce: n };
  const { d } = target;
  const facts = factsOf(req);
  const kept = await keepLinkRequest(
    ctx,
    target,
    req,
    facts,
    state.recent.add(d.companyId, facts.network!, d.id),
  );
  if (!kept) return { status: 404, html: goneHtml(n), nonce: n };
  if (kept.verdict && HARD_PAGE_REASONS.includes(kept.verdict.reason)) {
    return { status: 200, html: neutralPageHtml(n), nonce: n };
  }
  target.page ??= await landingPageOf(ctx, target, token);
  return {
    status: 200,
    nonce: n,
    html: target.page(n, visitToken(ctx.config.secretKey, d.id, kept.visitId)),
  };
}

/**
 * A request of a mail's link beyond the rate limit (it gets no page): kept like the others, as a burst
 * of the link unless a rule before that one holds.
 */
export async function linkRequestOverLimit(
  ctx: AppContext,
  token: string,
  req: IncomingRequest,
): Promise<void> {
  const target = await targetOfToken(ctx, token);
  if (target)
    await keepLinkRequest(ctx, target, req, factsOf(req), {
      sameLink: Number.MAX_SAFE_INTEGER,
      sameNetwork: 0,
    });
}

const targetOfToken = (ctx: AppContext, token: string) => {
  const id = phishingDeliveryOf(ctx.config.secretKey, token);
  return id === null ? undefined : linkStateOf(ctx.db).target(id);
};

/** Classifies a request of the link and keeps its row; null when its delivery is gone. */
async function keepLinkRequest(
  ctx: AppContext,
  { d, scope }: LinkTarget,
  req: IncomingRequest,
  facts: RequestFacts,
  recent: { sameLink: number; sameNetwork: number },
) {
  const headers = Object.fromEntries(
    Object.keys(req.headers).map((k) => [k.toLowerCase(), header(req.headers, k)]),
  );
  const verdict = classifyLinkRequest(
    {
      method: req.method,
      headers,
      address: req.ip,
      secondsSinceSent: d.sentAt ? (Date.now() - d.sentAt.getTime()) / 1000 : null,
      sameLinkInWindow: recent.sameLink,
      sameAddressInWindow: recent.sameNetwork,
    },
    ctx.config.phishingScannerRanges,
  );
  const state = linkStateOf(ctx.db);
  const visitId = await state.write({
    scope,
    deliveryId: d.id,
    reason: verdict?.reason ?? 'no-script',
    product: verdict?.product ?? null,
    ...facts,
  });
  if (visitId === null) {
    state.forget(d.id);
    return null;
  }
  return { verdict, visitId };
}

/** A mail's landing page: the campaign's, else its template's, in the mail's language and names. */
async function landingPageOf(ctx: AppContext, { d, scope }: LinkTarget, token: string) {
  const library = phishingLibrary();
  const template = await templateOf(ctx, scope, d);
  const page =
    library.landingPage(d.landingPageId ?? '') ??
    (template ? library.landingPage(template.landingPage) : undefined) ??
    library.landingPages[0]!;
  return landingPageTemplate({
    page: renderPhishingLandingPage(page as PhishingLandingPage, d.language, varsOf(d)),
    lang: d.language,
    paths: phishingPaths(token),
  });
}

/** The landing page's script: the visit was a person's (by the rules of `confirmsClick`). */
export async function confirmClick(
  ctx: AppContext,
  token: string,
  visit: string,
  signals: PhishingClickSignals,
  signalOverride?: 'submit',
): Promise<boolean> {
  const found = await deliveryOfToken(ctx, token);
  if (!found) return false;
  const { d, scope } = found;
  const visitId = visitIdOf(ctx.config.secretKey, d.id, visit);
  if (visitId === null) return false;
  const row = await visitOf(ctx.db, scope, d.id, visitId, SCANNER_RULES.confirmWithinSeconds);
  if (!row || row.kind !== 'scanner' || !row.reason) return row?.kind === 'clicked';
  if (signals.webdriver) {
    await setScannerReason(ctx.db, scope, visitId, 'automation');
    return false;
  }
  // A visit that came before the rest of a burst looked plain when it came; seen with the requests
  // after it, it is part of the burst and needs a person's input too.
  let reason = row.reason;
  if (reason === 'no-script' && row.network) {
    const around = await requestsAround(
      ctx.db,
      scope,
      d.id,
      row.network,
      row.at,
      SCANNER_RULES.burstWindowSeconds,
    );
    if (
      around.sameLink >= SCANNER_RULES.burstSameLink ||
      around.sameNetwork >= SCANNER_RULES.burstSameAddress
    )
      reason = 'burst';
  }
  const signal = signalOverride
    ? confirmsClick(reason, { ...signals, interaction: true }) && 'submit'
    : confirmsClick(reason, signals);
  if (!signal) return false;
  const first = (await clicksOf(ctx.db, scope, d.id)) === 0;
  const turned = await confirmVisit(ctx.db, scope, visitId, signal);
  if (turned && first) await firstClick(ctx, scope, d);
  return turned;
}

/** What the campaign does on an employee's first click beyond the teachable moment (the enrolment). */
async function firstClick(ctx: AppContext, scope: CompanyScope, d: DeliveryContext): Promise<void> {
  if (d.onClick !== 'enrol' || !d.enrolProgramId) return;
  await enrolAfterClick(ctx, scope, d.id);
}

/**
 * The landing page's form: a submission is a person's input, so it confirms the visit (unless a hard
 * scanner rule holds it), and is kept once, as a time and nothing else.
 */
export async function submit(
  ctx: AppContext,
  token: string,
  visit: string,
  signals: PhishingClickSignals | undefined,
  req: IncomingRequest,
): Promise<string | null> {
  const found = await deliveryOfToken(ctx, token);
  if (!found) return null;
  const { d, scope } = found;
  const clicked = await confirmClick(
    ctx,
    token,
    visit,
    signals ?? { interaction: true, visibleMs: 0, webdriver: false },
    'submit',
  );
  if (clicked) {
    const facts = factsOf(req);
    await insertOnce(ctx.db, scope, d, 'submitted', {
      method: facts.method,
      network: facts.network,
      userAgent: facts.userAgent,
    });
  }
  return `${phishingPaths(token).learn}?v=${encodeURIComponent(visit)}`;
}

/** The open pixel: an open, once per mail, marked unreliable in every report (a proxy loads it too). */
export async function openPixel(ctx: AppContext, token: string, req: IncomingRequest): Promise<void> {
  if (req.method.toUpperCase() !== 'GET') return;
  const found = await deliveryOfToken(ctx, token);
  if (!found) return;
  await insertOnce(ctx.db, found.scope, found.d, 'opened', factsOf(req));
}

/** The library's template or the company's own one a delivery was sent from. */
async function templateOf(
  ctx: AppContext,
  scope: CompanyScope,
  d: DeliveryContext,
): Promise<
  | (Pick<PhishingTemplate, 'sender' | 'mail' | 'redFlags' | 'lure' | 'landingPage'> & { flagLang?: string })
  | null
> {
  const customId = customTemplateId(d.templateId);
  if (!customId) return phishingLibrary().template(d.templateId) ?? null;
  const row = await customTemplateOf(ctx.db, scope, customId);
  if (!row) return null;
  const text = { subject: row.subject, html: row.html };
  const one = (value: string) => ({ en: value, de: value });
  return {
    sender: { name: one(row.senderName), localPart: row.senderLocalPart, domain: '{{sender.domain}}' },
    mail: { en: text, de: text },
    redFlags: row.redFlags.map((f) => ({
      id: f.id,
      location: f.location as PhishingFlagLocation,
      title: one(f.title),
      explanation: one(f.explanation),
    })),
    lure: row.lureKind as PhishingTemplate['lure'],
    landingPage: row.landingPageId,
  };
}

/** The keys' values for the pages: the employee's and company's own, links leading nowhere. */
function varsOf(d: DeliveryContext): PhishingVars {
  const [first = '', ...rest] = d.employeeName.trim().split(/\s+/);
  const domain = d.employeeEmail.split('@')[1] ?? PHISHING_SAMPLE_VARS['company.domain'];
  return {
    ...PHISHING_SAMPLE_VARS,
    'employee.firstName': first,
    'employee.lastName': rest.join(' '),
    'employee.email': d.employeeEmail,
    'company.name': d.companyName,
    'company.domain': domain,
    'company.hrEmail': `hr@${domain}`,
    'sender.domain': d.senderDomain ?? PHISHING_SAMPLE_VARS['sender.domain'],
    link: '#',
    trackingPixel: '',
  };
}

/** The teachable moment: the mail with its red flags highlighted, and the lesson of its lure. */
export async function teachableMoment(ctx: AppContext, token: string): Promise<PageAnswer> {
  const n = pageNonce();
  const found = await deliveryOfToken(ctx, token);
  const template = found ? await templateOf(ctx, found.scope, found.d) : null;
  if (!found || !template) return { status: 404, html: goneHtml(n), nonce: n };
  const { d } = found;
  const mail = renderPhishingTemplate(template, d.language, varsOf(d), { keepFlagMarks: true });
  const flags: TeachableFlag[] = template.redFlags.map((f) => ({
    id: f.id,
    location: f.location,
    title: (f.title as Record<string, string>)[mail.lang] ?? f.title.en,
    explanation: (f.explanation as Record<string, string>)[mail.lang] ?? f.explanation.en,
  }));
  const lesson = phishingLibrary().lesson(template.lure);
  const texts = TEACHABLE_TEXTS[mailLanguage(d.language)];
  return {
    status: 200,
    nonce: n,
    html: teachableMomentHtml({
      lang: mail.lang,
      nonce: n,
      mail,
      flags,
      lesson: lesson ? localizePhishingLesson(lesson, d.language) : null,
      texts: { ...texts, enrolled: d.onClick === 'enrol' && d.enrolProgramId ? texts.enrolled : null },
    }),
  };
}
