/**
 * Reporting a phish: the company's report address (mails forwarded there arrive through the inbound
 * webhook or the SMTP listener) and its report button (the Outlook add-in and the Gmail add-on). A
 * report of a simulated mail is matched by its `X-Vigil-Simulation` header or its tracking link and
 * credited as reported; anything else is a real suspicious mail, kept for the security team and
 * forwarded to its address by a job.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import {
  escapePhishingHtml as esc,
  PHISHING_TRACKING_MESSAGES,
  REPORTED_MAILS_PAGE_SIZE,
  SIMULATION_HEADER,
  tokenInText,
  type PhishingButtonReport,
  type PhishingButtonResult,
  type PhishingDeliverability,
  type PhishingInboundResult,
  type PhishingReportSettings,
  type ReportChannel,
  type ReportedMailDetail,
  type ReportedMailsPage,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { NotFound, Unauthorized } from '../../http/errors.ts';
import { publicScope } from '../../http/guards.ts';
import { enqueue, MAIL_RETRY } from '../../jobs/jobs.ts';
import { phishingDeliveryOf } from '../../lib/phishing-token.ts';
import { privacyOf } from '../../lib/privacy.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import { envelopeAddress } from '../../mail/transport.ts';
import {
  companyOf,
  deliveryAcrossCompanies,
  employeeByEmail,
  insertOnce,
  insertReportedMail,
  insertReportSettings,
  markForwarded,
  reportedMailOf,
  reportedMailsPage,
  reportSettingsAcrossCompanies,
  reportSettingsOf,
  updateReportSettings,
  type ReportSettingsRow,
} from './phishing-tracking.queries.ts';

export const FORWARD_REPORT_JOB = 'phishing.forward-report';

/** The largest message kept whole for the security team; a larger one keeps its headers and text. */
const MAX_RAW = 5_000_000;

const newAddressToken = () => randomBytes(8).toString('hex');
const newAddinKey = () => `vpr_${randomBytes(24).toString('base64url')}`;

/** The company's settings, made on first use. */
async function settingsRow(ctx: AppContext, scope: CompanyScope): Promise<ReportSettingsRow> {
  const row = await reportSettingsOf(ctx.db, scope);
  if (row) return row;
  await insertReportSettings(ctx.db, scope, { addressToken: newAddressToken(), addinKey: newAddinKey() });
  return (await reportSettingsOf(ctx.db, scope))!;
}

export const reportAddressOf = (ctx: AppContext, addressToken: string) =>
  `report+${addressToken}@${ctx.config.inbound.domain}`;

function presentSettings(ctx: AppContext, row: ReportSettingsRow): PhishingReportSettings {
  const base = `${ctx.config.publicUrl}/api/phishing/addin/${row.addinKey}`;
  return {
    reportAddress: reportAddressOf(ctx, row.addressToken),
    securityEmail: row.securityEmail,
    outlookManifestUrl: `${base}/manifest.xml`,
    gmailAddonUrl: `${base}/gmail-addon.zip`,
  };
}

export async function reportSettings(ctx: AppContext, scope: CompanyScope): Promise<PhishingReportSettings> {
  return presentSettings(ctx, await settingsRow(ctx, scope));
}

export async function saveReportSettings(
  ctx: AppContext,
  scope: CompanyScope,
  securityEmail: string | null,
): Promise<PhishingReportSettings> {
  await settingsRow(ctx, scope);
  await updateReportSettings(ctx.db, scope, { securityEmail: securityEmail?.toLowerCase() ?? null });
  return reportSettings(ctx, scope);
}

/** A new report address and add-in key: the old ones stop at once. */
export async function rotateReportSettings(
  ctx: AppContext,
  scope: CompanyScope,
): Promise<PhishingReportSettings> {
  await settingsRow(ctx, scope);
  await updateReportSettings(ctx.db, scope, {
    addressToken: newAddressToken(),
    addinKey: newAddinKey(),
    rotatedAt: new Date(),
  });
  return reportSettings(ctx, scope);
}

/** The company a report button's key names (401 for an unknown key). */
export async function companyOfAddinKey(ctx: AppContext, key: string): Promise<ReportSettingsRow> {
  const row = key ? await reportSettingsAcrossCompanies(ctx.db, { addinKey: key }) : undefined;
  if (!row) throw Unauthorized(PHISHING_TRACKING_MESSAGES.unknownKey);
  return row;
}

// Matching a report to a simulation.

/** The value of a header in a block of raw headers (unfolded), or null. */
export function headerIn(headers: string, name: string): string | null {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const escaped = name.replace(/[-]/g, '\\-');
  const match = new RegExp(`^${escaped}:[ \\t]*(\\S+)`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? null;
}

/** The simulation token a report names: its header first, else one of our links in its text. */
export function tokenOfReport(ctx: AppContext, parts: { headers: string; texts: string[] }): string | null {
  const fromHeader = headerIn(parts.headers, SIMULATION_HEADER);
  if (fromHeader) return fromHeader;
  for (const text of parts.texts) {
    const found = headerIn(text, SIMULATION_HEADER) ?? tokenInText(text, ctx.config.publicUrl);
    if (found) return found;
  }
  return null;
}

/**
 * Credits a simulated mail as reported when the token is genuine and of the reporting company;
 * false when it is not a simulation of that company.
 */
async function creditSimulation(
  ctx: AppContext,
  companyId: string,
  token: string,
  channel: ReportChannel,
): Promise<boolean> {
  const id = phishingDeliveryOf(ctx.config.secretKey, token);
  if (id === null) return false;
  const d = await deliveryAcrossCompanies(ctx.db, id);
  if (!d || d.companyId !== companyId) return false;
  await insertOnce(ctx.db, publicScope(companyId, 'phishing report'), d, 'reported', {
    reportChannel: channel,
  });
  return true;
}

/** A real suspicious mail: kept for the security team and, when it has an address, forwarded there. */
async function keepRealMail(
  ctx: AppContext,
  settings: ReportSettingsRow,
  mail: {
    channel: ReportChannel;
    reporterEmail: string;
    from: string;
    subject: string;
    messageId: string | null;
    headers: string;
    text: string;
    raw: string | null;
  },
): Promise<void> {
  const scope = publicScope(settings.companyId, 'phishing report');
  const employee = mail.reporterEmail ? await employeeByEmail(ctx.db, scope, mail.reporterEmail) : undefined;
  const raw = mail.raw && mail.raw.length <= MAX_RAW ? mail.raw : null;
  const id = await insertReportedMail(ctx.db, scope, {
    channel: mail.channel,
    employeeId: employee?.id ?? null,
    reporterEmail: mail.reporterEmail.slice(0, 320),
    fromAddress: mail.from.slice(0, 1000),
    subject: mail.subject.slice(0, 1000),
    messageId: mail.messageId?.slice(0, 1000) ?? null,
    headers: mail.headers.slice(0, 200_000),
    text: mail.text.slice(0, 200_000),
    raw,
    size: mail.raw?.length ?? mail.headers.length + mail.text.length,
  });
  if (settings.securityEmail) {
    await enqueue(ctx, FORWARD_REPORT_JOB, { companyId: settings.companyId, mailId: id }, MAIL_RETRY);
  }
}

const addressesOf = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) =>
    a.value.map((v) => (v.address ?? '').toLowerCase()),
  );

const headerBlock = (raw: string) => raw.split(/\r?\n\r?\n/, 1)[0] ?? '';

/** The report address token among some recipients (report+{token}@{inbound domain}). */
function addressTokenIn(ctx: AppContext, recipients: readonly string[]): string | null {
  const domain = ctx.config.inbound.domain.toLowerCase();
  for (const r of recipients) {
    const match = /^report\+([0-9a-f]{16})@(.+)$/.exec(r.trim().toLowerCase());
    if (match && match[2] === domain) return match[1]!;
  }
  return null;
}

/**
 * One mail that reached a report address (the webhook's body or the SMTP listener's message).
 * `recipients` are the envelope's when the transport knows them; else the message's own To, Cc,
 * Delivered-To and X-Original-To are read.
 */
export async function inboundMail(
  ctx: AppContext,
  raw: string,
  recipients: readonly string[] = [],
): Promise<PhishingInboundResult> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const headerRecipients = [
    ...addressesOf(parsed.to),
    ...addressesOf(parsed.cc),
    ...['delivered-to', 'x-original-to', 'x-forwarded-to'].flatMap((h) => {
      const v = parsed.headers.get(h);
      return typeof v === 'string' ? [v] : [];
    }),
  ];
  const addressToken = addressTokenIn(ctx, [...recipients, ...headerRecipients]);
  const settings = addressToken ? await reportSettingsAcrossCompanies(ctx.db, { addressToken }) : undefined;
  if (!settings) return { result: 'ignored' };
  // The reported mail itself: an attached message (forward as attachment), else the forward.
  const attached = await attachedMessage(parsed);
  const inner = attached?.mail ?? parsed;
  const token = tokenOfReport(ctx, {
    headers: attached ? attached.headerText : headerBlock(raw),
    texts: [inner.text ?? '', typeof inner.html === 'string' ? inner.html : '', parsed.text ?? ''],
  });
  if (token && (await creditSimulation(ctx, settings.companyId, token, 'address')))
    return { result: 'simulation' };
  await keepRealMail(ctx, settings, {
    channel: 'address',
    reporterEmail: addressesOf(parsed.from)[0] ?? '',
    from: inner.from?.text ?? '',
    subject: inner.subject ?? '',
    messageId: inner.messageId ?? null,
    headers: attached ? attached.headerText : headerBlock(raw),
    text: inner.text ?? '',
    raw: attached?.raw ?? raw,
  });
  return { result: 'real' };
}

/** A message/rfc822 attachment of a forward, parsed, with its raw text and its header block. */
async function attachedMessage(
  parsed: ParsedMail,
): Promise<{ mail: ParsedMail; raw: string; headerText: string } | null> {
  const part = parsed.attachments.find((a) => a.contentType === 'message/rfc822');
  if (!part) return null;
  const raw = part.content.toString('utf8');
  return {
    mail: await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true }),
    raw,
    headerText: headerBlock(raw),
  };
}

/** The report button (Outlook add-in, Gmail add-on), authenticated by the company's add-in key. */
export async function buttonReport(
  ctx: AppContext,
  key: string,
  report: PhishingButtonReport & { subject: string; from: string; body: string },
): Promise<PhishingButtonResult> {
  const settings = await companyOfAddinKey(ctx, key);
  const token = tokenOfReport(ctx, { headers: report.headers, texts: [report.body] });
  if (token && (await creditSimulation(ctx, settings.companyId, token, report.channel))) {
    return { result: 'simulation', message: PHISHING_TRACKING_MESSAGES.reportedSimulation };
  }
  await keepRealMail(ctx, settings, {
    channel: report.channel,
    reporterEmail: report.reporterEmail.toLowerCase(),
    from: report.from,
    subject: report.subject,
    messageId: headerIn(report.headers, 'Message-ID'),
    headers: report.headers,
    text: report.body,
    raw: report.raw ?? null,
  });
  return { result: 'real', message: PHISHING_TRACKING_MESSAGES.reportedReal };
}

// The inbound webhook's signature, as Stripe's: t={unix seconds},v1={hex HMAC-SHA256(secret, "t.body")}.

const TOLERANCE_SECONDS = 300;

export function signInbound(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

export function verifyInbound(secret: string | undefined, header: string | undefined, body: string): boolean {
  if (!secret || !header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const at = Number(parts.t);
  if (!Number.isInteger(at) || Math.abs(Date.now() / 1000 - at) > TOLERANCE_SECONDS || !parts.v1)
    return false;
  const want = Buffer.from(signInbound(secret, body, at).split('v1=')[1]!, 'hex');
  const got = Buffer.from(parts.v1, 'hex');
  return want.length === got.length && timingSafeEqual(want, got);
}

// The security team's list.

export async function reportedMails(
  ctx: AppContext,
  scope: CompanyScope,
  query: { page: number; search?: string | undefined },
): Promise<ReportedMailsPage> {
  const company = await companyOf(ctx.db, scope);
  const privacy = privacyOf(company ?? { anonymousTracking: 0 });
  const { rows, total } = await reportedMailsPage(ctx.db, scope, {
    q: query.search?.trim() || undefined,
    limit: REPORTED_MAILS_PAGE_SIZE,
    offset: (Math.max(1, query.page) - 1) * REPORTED_MAILS_PAGE_SIZE,
  });
  return {
    total,
    rows: rows.map(({ reporterName, ...r }) => {
      const hide = privacy.identities
        ? undefined
        : reporterHider({ reporterEmail: r.reporterEmail, reporterName });
      return {
        ...r,
        reportedAt: r.reportedAt.toISOString(),
        forwardedAt: r.forwardedAt?.toISOString() ?? null,
        reporterEmail: hide ? null : r.reporterEmail,
        from: hide ? hide(r.from) : r.from,
        subject: hide ? hide(r.subject) : r.subject,
      };
    }),
  };
}

export async function reportedMail(
  ctx: AppContext,
  scope: CompanyScope,
  id: string,
): Promise<ReportedMailDetail> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await reportedMailOf(ctx.db, scope, id) : undefined;
  if (!row) throw NotFound(PHISHING_TRACKING_MESSAGES.mailNotFound);
  const hide = await hiderFor(ctx, scope, row);
  return {
    id: row.id,
    reportedAt: row.reportedAt.toISOString(),
    channel: row.channel,
    reporterEmail: hide ? null : row.reporterEmail,
    from: hide ? hide(row.from) : row.from,
    subject: hide ? hide(row.subject) : row.subject,
    forwardedAt: row.forwardedAt?.toISOString() ?? null,
    forwardError: row.forwardError,
    headers: hide ? hide(row.headers) : row.headers,
    text: hide ? hide(row.text) : row.text,
    messageId: row.messageId,
  };
}

/** The message as it arrived, for the team's mail tools (.eml). */
export async function reportedMailRaw(ctx: AppContext, scope: CompanyScope, id: string): Promise<string> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await reportedMailOf(ctx.db, scope, id) : undefined;
  if (!row) throw NotFound(PHISHING_TRACKING_MESSAGES.mailNotFound);
  const raw = row.raw ?? `${row.headers}\r\n\r\n${row.text}`;
  const hide = await hiderFor(ctx, scope, row);
  return hide ? hide(raw) : raw;
}

/**
 * Under anonymous tracking, who reported a mail is not shown: a forward carries the reporter's own
 * address (and often their name) in its headers and quoted text, so both are replaced wherever they
 * stand. Undefined when identities may be shown.
 */
async function hiderFor(
  ctx: AppContext,
  scope: CompanyScope,
  row: { reporterEmail: string; reporterName: string | null },
): Promise<((text: string) => string) | undefined> {
  const company = await companyOf(ctx.db, scope);
  return privacyOf(company ?? { anonymousTracking: 0 }).identities ? undefined : reporterHider(row);
}

function reporterHider(row: {
  reporterEmail: string;
  reporterName: string | null;
}): (text: string) => string {
  const who = [row.reporterEmail, row.reporterName]
    .filter((w): w is string => Boolean(w && w.trim().length > 1))
    .map((w) => w.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (who.length === 0) return (text) => text;
  const pattern = new RegExp(who.join('|'), 'gi');
  return (text) => text.replace(pattern, REDACTED_REPORTER);
}

const REDACTED_REPORTER = '[employee]';

/** The forward job: the report to the security address, with what the team needs to judge it. */
export async function forwardReportedMail(ctx: AppContext, companyId: string, mailId: string): Promise<void> {
  const scope = publicScope(companyId, 'phishing forward');
  const [row, settings, company] = await Promise.all([
    reportedMailOf(ctx.db, scope, mailId),
    reportSettingsOf(ctx.db, scope),
    companyOf(ctx.db, scope),
  ]);
  if (!row || !settings?.securityEmail || row.forwardedAt) return;
  const reporter = privacyOf(company ?? { anonymousTracking: 0 }).identities
    ? row.reporterEmail
    : 'an employee';
  const lines = [
    `Reported by: ${reporter} (${row.channel})`,
    `From: ${row.from}`,
    `Subject: ${row.subject}`,
    `Reported at: ${row.reportedAt.toISOString()}`,
  ];
  try {
    await deliverMail(ctx, {
      kind: 'phishing-report',
      companyId,
      to: settings.securityEmail,
      subject: `[Reported suspicious mail] ${row.subject}`.slice(0, 250),
      text: `${lines.join('\n')}\n\n--- Headers ---\n${row.headers}\n\n--- Text ---\n${row.text}`,
      html: `<p>${lines.map(esc).join('<br>')}</p><h3>Headers</h3><pre style="white-space:pre-wrap">${esc(row.headers)}</pre><h3>Text</h3><pre style="white-space:pre-wrap">${esc(row.text)}</pre>`,
    });
    await markForwarded(ctx.db, scope, mailId, null);
  } catch (err) {
    await markForwarded(ctx.db, scope, mailId, err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/** What an admin allow-lists so that simulated mails and their links are not filtered or rewritten. */
export function deliverability(ctx: AppContext): PhishingDeliverability {
  const sendingAddress = envelopeAddress(ctx.config.mailFrom);
  const sendingDomain = sendingAddress.split('@')[1] ?? '';
  const linkHost = new URL(ctx.config.publicUrl).host;
  const ips = ctx.config.phishingSendingIps;
  const ipText = ips.length ? ips.join(', ') : 'the sending IP addresses of your mail service';
  return {
    sendingAddress,
    sendingDomain,
    sendingIps: ips,
    linkHost,
    headers: [
      {
        name: SIMULATION_HEADER,
        value: '<token>',
        note: 'Every simulated mail carries it; a rule can match it by name (the value differs per mail).',
      },
    ],
    microsoft365: [
      `Microsoft 365 Defender → Email & collaboration → Policies & rules → Threat policies → Advanced delivery → Phishing simulation: add the sending domain ${sendingDomain}, the sending IPs (${ipText}) and the simulation URL ${linkHost}/p/*.`,
      `Exchange admin center → Mail flow → Rules: a rule "if the message header ${SIMULATION_HEADER} includes any value (match: *)" that sets the spam confidence level to -1 (bypass spam filtering).`,
      'Safe Links: Advanced delivery keeps the simulation URLs from being rewritten or detonated; scanner checks that still happen are recorded as scanner activity, not clicks.',
    ],
    googleWorkspace: [
      `Admin console → Apps → Google Workspace → Gmail → Advanced settings → Spam, phishing and malware → Phishing simulation / Email allowlist: add the sending IPs (${ipText}).`,
      `Spam, phishing and malware → Inbound gateway or Spam settings: add ${sendingDomain} to an approved senders list that bypasses spam filters.`,
      `Gmail → Safety → Links and external images: keep "Identify links behind shortened URLs" from scanning ${linkHost} by adding it to the allowlist where your edition offers it.`,
    ],
  };
}
