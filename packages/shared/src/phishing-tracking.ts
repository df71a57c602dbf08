/**
 * Phishing simulation: what happens after a simulated mail is sent — what an employee (or a mail
 * security scanner) does with it, how a click is told from a scanner's request, and how a phish is
 * reported. The campaign itself (save, results, sending) is `phishing.ts`; the templates and landing
 * pages are `phishing-content.ts`. The rules are documented in docs/PHISHING-TRACKING.md.
 *
 * Public paths (no session; {token} is the delivery's public token of the mail's link):
 *   GET|HEAD /p/{token}                                → the landing page (text/html, a nonce'd script);
 *            a request a hard scanner rule matches gets a neutral page without script
 *   POST     /p/{token}/confirm   PhishingClickConfirm → 204 (the landing page's script: the visit was a
 *            person's; turns the visit's provisional scanner row into a click)
 *   POST     /p/{token}/submit    PhishingSubmit       → 303 to the teachable moment (the landing page's
 *            form: its inputs have no name, so no typed value ever leaves the browser)
 *   GET      /p/{token}/learn?v={visit}                → the teachable moment (text/html)
 *   GET      /p/{token}/o.gif                          → the open pixel (image/gif, 43 bytes)
 *   POST     /api/inbound/mail                         → 202 PhishingInboundResult; the body is one raw
 *            RFC 822 message (message/rfc822 or text/plain), as a mail provider's inbound webhook posts
 *            it, signed `X-Vigil-Signature: t={unix seconds},v1={hex HMAC-SHA256(INBOUND_MAIL_SECRET,
 *            "{t}.{body}")}`; 401 without a valid signature (5 minutes' tolerance)
 *   GET      /api/phishing/addin/{addinKey}/manifest.xml   → the Outlook add-in's XML manifest
 *   GET      /api/phishing/addin/{addinKey}/taskpane.html  → its task pane (Office.js from Microsoft's CDN)
 *   POST     /api/phishing/report   PhishingButtonReport → PhishingButtonResult (Authorization: Bearer
 *            {addinKey}; the Outlook add-in and the Gmail add-on); 401 for an unknown key
 *   GET      /api/phishing/addin/{addinKey}/gmail-addon.zip → the Gmail add-on (appsscript.json, Code.gs,
 *            README.md) with the company's key and our address filled in
 *
 * Manager paths (under /api; a session; {id} is the company; viewers read, admins change):
 *   GET    /companies/{id}/phishing/reporting                  → PhishingReportSettings
 *   PUT    /companies/{id}/phishing/reporting  PhishingReportSettingsSave → PhishingReportSettings
 *   POST   /companies/{id}/phishing/reporting/rotate           → PhishingReportSettings (new report
 *          address and add-in key; installed add-ins stop until their manifest is installed again)
 *   GET    /companies/{id}/phishing/reported-mails?page&search → ReportedMailsPage (real mails only)
 *   GET    /companies/{id}/phishing/reported-mails/{mailId}    → ReportedMailDetail
 *   GET    /companies/{id}/phishing/deliverability             → PhishingDeliverability
 */
import { z } from 'zod';

/**
 * What can happen to a simulated mail. `delivered` is the delivery row's sent time (not stored in
 * phishing_interactions); the others are rows there. `scanner` is a request of a mail security product
 * or link preview, kept with its reason and never counted as a click.
 */
export const PHISHING_INTERACTION_KINDS = [
  'delivered',
  'opened',
  'clicked',
  'submitted',
  'reported',
  'scanner',
] as const;
export type PhishingInteractionKind = (typeof PHISHING_INTERACTION_KINDS)[number];

/** The kinds stored in phishing_interactions (delivered comes from the delivery). */
export const STORED_INTERACTION_KINDS = [
  'opened',
  'clicked',
  'submitted',
  'reported',
  'scanner',
] as const satisfies readonly PhishingInteractionKind[];
export type StoredInteractionKind = (typeof STORED_INTERACTION_KINDS)[number];

/**
 * How far a kind can be trusted. An open is a pixel: mail clients that block images hide it, and
 * privacy proxies (Apple Mail Privacy Protection, Gmail's image proxy) load it without anyone reading.
 */
export const INTERACTION_RELIABILITY: Record<PhishingInteractionKind, 'reliable' | 'unreliable'> = {
  delivered: 'reliable',
  opened: 'unreliable',
  clicked: 'reliable',
  submitted: 'reliable',
  reported: 'reliable',
  scanner: 'reliable',
};

export const INTERACTION_LABELS: Record<PhishingInteractionKind, string> = {
  delivered: 'Delivered',
  opened: 'Opened (unreliable)',
  clicked: 'Clicked',
  submitted: 'Submitted data',
  reported: 'Reported',
  scanner: 'Scanner activity',
};

/**
 * Why a request was taken for a scanner's. Hard reasons (head, prefetch, user-agent, address,
 * automation) never become a click; soft ones (too-soon, burst, no-script) become one when the
 * landing page's script sees a person (`PhishingClickConfirm`).
 */
export const SCANNER_REASONS = [
  'head',
  'prefetch',
  'user-agent',
  'address',
  'automation',
  'too-soon',
  'burst',
  'no-script',
] as const;
export type ScannerReason = (typeof SCANNER_REASONS)[number];
export const HARD_SCANNER_REASONS: readonly ScannerReason[] = [
  'head',
  'prefetch',
  'user-agent',
  'address',
  'automation',
];

export const SCANNER_REASON_LABELS: Record<ScannerReason, string> = {
  head: 'HEAD request (link check)',
  prefetch: 'Prefetch or preview request',
  'user-agent': 'Known scanner or link preview',
  address: 'Address of a mail security product',
  automation: 'Automated browser',
  'too-soon': 'Within seconds of delivery',
  burst: 'Several requests at once',
  'no-script': 'No script ran on the landing page',
};

/** Where a click signal came from, or how a report arrived. */
export const CLICK_SIGNALS = ['script', 'interaction', 'submit'] as const;
export type ClickSignal = (typeof CLICK_SIGNALS)[number];
export const REPORT_CHANNELS = ['address', 'outlook', 'gmail'] as const;
export type ReportChannel = (typeof REPORT_CHANNELS)[number];

/** A scanner product whose requests are recorded in the fixtures and named in the rules. */
export const SCANNER_PRODUCTS = [
  'microsoft-defender',
  'proofpoint',
  'mimecast',
  'barracuda',
  'cisco',
  'google',
  'slack',
  'teams',
  'outlook',
  'generic',
] as const;
export type ScannerProduct = (typeof SCANNER_PRODUCTS)[number];

/**
 * The scanner rules as data. The user agents and address ranges are what the vendors publish or what
 * their requests are widely recorded with; an install adds its own ranges (PHISHING_SCANNER_RANGES).
 */
export const SCANNER_RULES = {
  /** A request this soon after the mail was sent is a delivery-time scan unless a person acts. */
  graceSeconds: 20,
  /** Several requests of one mail's link, or of several mails from one address, inside this window. */
  burstWindowSeconds: 5,
  /** Requests of one delivery's link inside the window that make a burst (this one included). */
  burstSameLink: 3,
  /**
   * Different deliveries of one company requested from one network (IPv4 /24, IPv6 /48) inside the
   * window: a scanner fanning out over a list. Colleagues behind one office address rarely click five
   * mails within seconds, and even then a tap or keystroke on the page still counts them.
   */
  burstSameAddress: 5,
  /** The landing page confirms a visit after it has been visible this long (or at the first input). */
  confirmVisibleMs: 800,
  /** How long after the visit a confirmation is accepted. */
  confirmWithinSeconds: 30 * 60,
  /** Request headers that mark a prefetch or preview (name → pattern of the value). */
  prefetchHeaders: [
    { header: 'purpose', pattern: 'prefetch|preview' },
    { header: 'sec-purpose', pattern: 'prefetch|prerender' },
    { header: 'x-purpose', pattern: 'preview|prefetch' },
    { header: 'x-moz', pattern: 'prefetch' },
  ],
  userAgents: [
    { product: 'microsoft-defender', pattern: 'Safe ?Links|MSOffice|Microsoft Office Existence Discovery' },
    { product: 'microsoft-defender', pattern: 'BingPreview|bingbot' },
    { product: 'proofpoint', pattern: 'Proofpoint|pphosted' },
    { product: 'mimecast', pattern: 'Mimecast' },
    { product: 'barracuda', pattern: 'Barracuda|BarracudaCentral' },
    { product: 'cisco', pattern: 'IronPort|Cisco[ -]?(ESA|Secure Email)|Talos' },
    {
      product: 'google',
      pattern: 'Google-Safety|GoogleImageProxy|Google-Read-Aloud|Googlebot|Google Web Preview',
    },
    { product: 'slack', pattern: 'Slackbot|Slack-ImgProxy' },
    { product: 'teams', pattern: 'SkypeUriPreview|MicrosoftPreview|Teams[ -]?Link[ -]?Preview' },
    { product: 'outlook', pattern: 'ms-office|Microsoft Outlook|OutlookPreview|Microsoft Office/\\d' },
    {
      product: 'generic',
      pattern:
        'HeadlessChrome|PhantomJS|python-requests|python-urllib|aiohttp|curl/|Wget|Go-http-client|Java/|okhttp|libwww-perl|Apache-HttpClient|axios/|node-fetch|undici|bot\\b|crawler|spider|facebookexternalhit|Twitterbot|LinkedInBot|WhatsApp|TelegramBot|Discordbot|Zoom|scan',
    },
  ],
  /** An empty user agent is an automated request: browsers always send one. */
  emptyUserAgentIsScanner: true,
  addressRanges: [
    // Microsoft 365 / Exchange Online Protection (Safe Links detonation runs in these).
    { product: 'microsoft-defender', cidr: '40.92.0.0/15' },
    { product: 'microsoft-defender', cidr: '40.107.0.0/16' },
    { product: 'microsoft-defender', cidr: '52.100.0.0/14' },
    { product: 'microsoft-defender', cidr: '104.47.0.0/17' },
    { product: 'microsoft-defender', cidr: '2a01:111:f400::/48' },
    { product: 'microsoft-defender', cidr: '2a01:111:f403::/48' },
    // Proofpoint Protection Server hosted and Essentials.
    { product: 'proofpoint', cidr: '148.163.128.0/19' },
    { product: 'proofpoint', cidr: '67.231.144.0/20' },
    { product: 'proofpoint', cidr: '208.84.64.0/22' },
    { product: 'proofpoint', cidr: '208.86.200.0/22' },
    // Mimecast (US, EU, UK, ZA, AU data centres).
    { product: 'mimecast', cidr: '205.139.110.0/24' },
    { product: 'mimecast', cidr: '207.211.30.0/24' },
    { product: 'mimecast', cidr: '207.211.31.0/25' },
    { product: 'mimecast', cidr: '170.10.128.0/21' },
    { product: 'mimecast', cidr: '185.58.84.0/22' },
    { product: 'mimecast', cidr: '91.220.42.0/24' },
    { product: 'mimecast', cidr: '41.74.192.0/22' },
    { product: 'mimecast', cidr: '103.96.20.0/22' },
    // Barracuda Email Security Service.
    { product: 'barracuda', cidr: '64.235.144.0/20' },
    { product: 'barracuda', cidr: '209.222.80.0/21' },
    { product: 'barracuda', cidr: '35.157.190.224/27' },
    // Cisco Secure Email Cloud (IronPort hosted).
    { product: 'cisco', cidr: '68.232.128.0/19' },
    { product: 'cisco', cidr: '139.138.32.0/19' },
    { product: 'cisco', cidr: '216.71.128.0/19' },
    // Google: crawlers, Safe Browsing checks and the Gmail image/link proxies.
    { product: 'google', cidr: '66.249.64.0/19' },
    { product: 'google', cidr: '66.102.0.0/20' },
    { product: 'google', cidr: '72.14.192.0/18' },
  ],
} as const satisfies {
  graceSeconds: number;
  burstWindowSeconds: number;
  burstSameLink: number;
  burstSameAddress: number;
  confirmVisibleMs: number;
  confirmWithinSeconds: number;
  prefetchHeaders: readonly { header: string; pattern: string }[];
  userAgents: readonly { product: ScannerProduct; pattern: string }[];
  emptyUserAgentIsScanner: boolean;
  addressRanges: readonly { product: ScannerProduct; cidr: string }[];
};

/** The facts of one request of a mail's link that the rules look at. */
export interface LinkRequestFacts {
  method: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The client address (IPv4, IPv6 or IPv4-mapped IPv6). */
  address: string;
  /** Seconds since the mail was sent (null when not known). */
  secondsSinceSent: number | null;
  /** Requests of this delivery's link in the burst window, this one included. */
  sameLinkInWindow: number;
  /** Distinct deliveries of the company requested from this address in the window, this one included. */
  sameAddressInWindow: number;
}

export interface ScannerVerdict {
  reason: ScannerReason;
  product: ScannerProduct | null;
}

/** Parses an address into 32 (IPv4) or 128 (IPv6) bits; IPv4-mapped IPv6 becomes IPv4. */
export const parseAddress = (address: string): { bits: bigint; width: 32 | 128 } | null => {
  const raw = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  const v4 = mapped ? mapped[1]! : raw;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) {
    const parts = v4.split('.').map(Number);
    if (parts.some((p) => p > 255)) return null;
    return { bits: parts.reduce((a, p) => (a << 8n) | BigInt(p), 0n), width: 32 };
  }
  if (!/^[0-9a-f:]+$/i.test(raw) || !raw.includes(':')) return null;
  const [head, tail, ...rest] = raw.split('::');
  if (rest.length > 0) return null;
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = raw.includes('::') ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array<string>(fill).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((g) => g.length === 0 || g.length > 4)) return null;
  return { bits: groups.reduce((a, g) => (a << 16n) | BigInt(parseInt(g, 16)), 0n), width: 128 };
};

/** A CIDR range parsed once: an address is in it when its bits above the prefix match. */
interface ParsedRange {
  bits: bigint;
  width: 32 | 128;
  shift: bigint;
}

const parseRange = (cidr: string): ParsedRange | null => {
  const [base, size] = cidr.split('/');
  const b = parseAddress(base ?? '');
  if (!b) return null;
  return { ...b, shift: BigInt(b.width - (size === undefined ? b.width : Number(size))) };
};

const within = (a: { bits: bigint; width: 32 | 128 }, r: ParsedRange | null) =>
  r !== null && a.width === r.width && a.bits >> r.shift === r.bits >> r.shift;

/** Whether an address lies in a CIDR range of its own family. */
export const inRange = (address: string, cidr: string): boolean => {
  const a = parseAddress(address);
  return a !== null && within(a, parseRange(cidr));
};

// Every request of a link is checked against these: each range is parsed once, not per request.
const knownRanges = SCANNER_RULES.addressRanges.map((r) => ({
  product: r.product as ScannerProduct,
  range: parseRange(r.cidr),
}));
const extraRanges = new WeakMap<readonly string[], (ParsedRange | null)[]>();
const parsedExtra = (extra: readonly string[]) => {
  let ranges = extraRanges.get(extra);
  if (!ranges) extraRanges.set(extra, (ranges = extra.map(parseRange)));
  return ranges;
};

const userAgentRules = SCANNER_RULES.userAgents.map((r) => ({
  product: r.product as ScannerProduct,
  test: new RegExp(r.pattern, 'i'),
}));
const prefetchRules = SCANNER_RULES.prefetchHeaders.map((r) => ({
  header: r.header,
  test: new RegExp(r.pattern, 'i'),
}));

/** The scanner product a user agent names, or null for a browser's. */
export const scannerUserAgent = (userAgent: string | undefined): ScannerProduct | null => {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return SCANNER_RULES.emptyUserAgentIsScanner ? 'generic' : null;
  return userAgentRules.find((r) => r.test.test(ua))?.product ?? null;
};

/** The scanner product whose address range holds this address (the built-in ranges and `extra`). */
export const scannerAddress = (address: string, extra: readonly string[] = []): ScannerProduct | null => {
  const a = parseAddress(address);
  if (!a) return null;
  const known = knownRanges.find((r) => within(a, r.range));
  if (known) return known.product;
  return parsedExtra(extra).some((r) => within(a, r)) ? 'generic' : null;
};

/**
 * The one rule set for a request of a mail's link: the first reason that applies, or null when it
 * may be a person's (then the landing page's script must still confirm it; until then it is kept as
 * `no-script`). Order: the request's own facts, then who sent it, then its timing.
 */
export const classifyLinkRequest = (
  facts: LinkRequestFacts,
  extraRanges: readonly string[] = [],
): ScannerVerdict | null => {
  if (facts.method.toUpperCase() === 'HEAD') return { reason: 'head', product: null };
  if (prefetchRules.some((r) => r.test.test(facts.headers[r.header] ?? ''))) {
    return { reason: 'prefetch', product: null };
  }
  const byAgent = scannerUserAgent(facts.headers['user-agent']);
  if (byAgent) return { reason: 'user-agent', product: byAgent };
  const byAddress = scannerAddress(facts.address, extraRanges);
  if (byAddress) return { reason: 'address', product: byAddress };
  if (facts.secondsSinceSent !== null && facts.secondsSinceSent < SCANNER_RULES.graceSeconds) {
    return { reason: 'too-soon', product: null };
  }
  if (
    facts.sameLinkInWindow >= SCANNER_RULES.burstSameLink ||
    facts.sameAddressInWindow >= SCANNER_RULES.burstSameAddress
  ) {
    return { reason: 'burst', product: null };
  }
  return null;
};

/**
 * Whether the landing page's confirmation turns a visit kept as scanner activity into a click. A hard
 * reason never does; after a soft one (too soon, burst) only a person's input does (a sandbox that
 * runs the script at delivery time rarely types or taps); a plain visit needs the script to have run
 * in a visible page of a browser not driven by automation.
 */
export const confirmsClick = (reason: ScannerReason, signals: PhishingClickSignals): ClickSignal | null => {
  if (HARD_SCANNER_REASONS.includes(reason) || signals.webdriver) return null;
  if (signals.interaction) return 'interaction';
  if (reason !== 'no-script') return null;
  return signals.visibleMs >= SCANNER_RULES.confirmVisibleMs ? 'script' : null;
};

/** What the landing page's script reports about the visit. */
export const PhishingClickSignals = z.object({
  /** A pointer, touch or key input happened on the page. */
  interaction: z.boolean(),
  /** How long the page was visible before the report. */
  visibleMs: z.number().int().min(0).max(86_400_000),
  /** navigator.webdriver: the browser is driven by automation. */
  webdriver: z.boolean(),
});
export type PhishingClickSignals = z.infer<typeof PhishingClickSignals>;

/** POST /p/{token}/confirm: the visit id the page was served with (signed) and the signals. */
export const PhishingClickConfirm = z.object({
  visit: z.string().min(1).max(200),
  signals: PhishingClickSignals,
});
export type PhishingClickConfirm = z.infer<typeof PhishingClickConfirm>;

/**
 * POST /p/{token}/submit: only that something was submitted. The form's inputs carry no name, and the
 * server keeps no field of the body but these two.
 */
export const PhishingSubmit = z.object({
  visit: z.string().min(1).max(200),
  signals: PhishingClickSignals.optional(),
});
export type PhishingSubmit = z.infer<typeof PhishingSubmit>;

/** One entry of an employee's timeline for one simulated mail. */
export const PhishingTimelineEntry = z.object({
  kind: z.enum(PHISHING_INTERACTION_KINDS),
  at: z.string(),
  reliable: z.boolean(),
  /** scanner: its reason; clicked: its signal; reported: its channel. */
  detail: z.string().nullable(),
});
export type PhishingTimelineEntry = z.infer<typeof PhishingTimelineEntry>;

/** The answer of the inbound mail webhook (also the SMTP listener's outcome). */
export const PhishingInboundResult = z.object({
  result: z.enum(['simulation', 'real', 'ignored']),
});
export type PhishingInboundResult = z.infer<typeof PhishingInboundResult>;

/**
 * POST /api/phishing/report: the report button. `headers` are the message's internet headers as the
 * mail client gives them (Office.js getAllInternetHeadersAsync, Gmail's raw content); `raw` the whole
 * message when the client can give it (Gmail), for the security team.
 */
export const PhishingButtonReport = z.object({
  channel: z.enum(['outlook', 'gmail']),
  reporterEmail: z.email().max(320),
  headers: z.string().max(200_000),
  subject: z.string().max(1_000).default(''),
  from: z.string().max(1_000).default(''),
  body: z.string().max(2_000_000).default(''),
  raw: z.string().max(5_000_000).optional(),
});
export type PhishingButtonReport = z.input<typeof PhishingButtonReport>;

export const PhishingButtonResult = z.object({
  result: z.enum(['simulation', 'real']),
  /** What the button shows the employee. */
  message: z.string(),
});
export type PhishingButtonResult = z.infer<typeof PhishingButtonResult>;

export const PHISHING_TRACKING_MESSAGES = {
  reportedSimulation: 'Well spotted! This was a simulated phishing mail from your security training.',
  reportedReal: 'Thank you. The mail was sent to your security team.',
  unknownKey: 'This report button is not active. Ask your administrator to install it again.',
  invalidSignature: 'The signature of the inbound mail is missing or wrong.',
  securityEmailInvalid: 'Enter a valid security team address.',
  mailNotFound: 'This reported mail was not found.',
} as const;

/** The company's report address and report button (Settings → Report button). */
export const PhishingReportSettings = z.object({
  /** Employees forward suspicious mails here (an address of our inbound domain). */
  reportAddress: z.string(),
  /** Where real suspicious mails are forwarded; null: only listed here. */
  securityEmail: z.string().nullable(),
  outlookManifestUrl: z.string(),
  gmailAddonUrl: z.string(),
});
export type PhishingReportSettings = z.infer<typeof PhishingReportSettings>;

export const PhishingReportSettingsSave = z.object({
  securityEmail: z
    .union([z.email({ message: PHISHING_TRACKING_MESSAGES.securityEmailInvalid }).max(320), z.literal('')])
    .transform((v) => (v === '' ? null : v))
    .nullable(),
});
export type PhishingReportSettingsSave = z.input<typeof PhishingReportSettingsSave>;

/** A real (not simulated) mail an employee reported, for the security team. */
export const ReportedMailRow = z.object({
  id: z.string(),
  reportedAt: z.string(),
  channel: z.enum(REPORT_CHANNELS),
  /** The employee who reported it (null when anonymous tracking hides it or no employee matched). */
  reporterEmail: z.string().nullable(),
  from: z.string(),
  subject: z.string(),
  /** When it was forwarded to the security address; null when not (yet). */
  forwardedAt: z.string().nullable(),
  forwardError: z.string().nullable(),
});
export type ReportedMailRow = z.infer<typeof ReportedMailRow>;

export const ReportedMailsPage = z.object({ rows: z.array(ReportedMailRow), total: z.number() });
export type ReportedMailsPage = z.infer<typeof ReportedMailsPage>;
export const REPORTED_MAILS_PAGE_SIZE = 25;

export const ReportedMailDetail = ReportedMailRow.extend({
  headers: z.string(),
  text: z.string(),
  messageId: z.string().nullable(),
});
export type ReportedMailDetail = z.infer<typeof ReportedMailDetail>;

/** What the settings page tells an admin to allow-list so the simulated mails arrive unfiltered. */
export const PhishingDeliverability = z.object({
  sendingAddress: z.string(),
  sendingDomain: z.string(),
  /** Sending IPs when the install names them (PHISHING_SENDING_IPS); empty otherwise. */
  sendingIps: z.array(z.string()),
  /** The header every simulated mail carries, and its meaning. */
  headers: z.array(z.object({ name: z.string(), value: z.string(), note: z.string() })),
  /** The address range of the links (the landing pages' host) to exclude from URL rewriting. */
  linkHost: z.string(),
  microsoft365: z.array(z.string()),
  googleWorkspace: z.array(z.string()),
});
export type PhishingDeliverability = z.infer<typeof PhishingDeliverability>;

/** The header that names a simulated mail's delivery token; a forwarded report is matched by it. */
export const SIMULATION_HEADER = 'X-Vigil-Simulation';

/** The public paths of a delivery's token, relative to the server's public URL. */
export const phishingPaths = (token: string) => ({
  link: `/p/${token}`,
  pixel: `/p/${token}/o.gif`,
  confirm: `/p/${token}/confirm`,
  submit: `/p/${token}/submit`,
  learn: `/p/${token}/learn`,
});

/** Finds a delivery token in a link of ours inside a text (a forwarded mail's body). */
export const tokenInText = (text: string, publicUrl: string): string | null => {
  const base = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${base}/p/([A-Za-z0-9_-]{16,100})`).exec(text);
  return match?.[1] ?? null;
};

/** The timeline of one simulated mail: delivered first, then the stored interactions in time order. */
export const phishingTimeline = (
  sentAt: string | null,
  rows: readonly { kind: StoredInteractionKind; at: string; detail: string | null }[],
): PhishingTimelineEntry[] => {
  const stored = [...rows]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((r) => ({ ...r, reliable: INTERACTION_RELIABILITY[r.kind] === 'reliable' }));
  return sentAt ? [{ kind: 'delivered', at: sentAt, reliable: true, detail: null }, ...stored] : stored;
};
