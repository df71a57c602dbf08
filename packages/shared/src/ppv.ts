/**
 * Embed content with pay-per-view (spec 1 §1, §2, §3, §4, §7, §8, §9; spec 3 §2.2, §5, §7): a company
 * embeds training videos on its own pages through the /embed player and pays per view.
 *
 * Manager paths (all under /api; a session; {id} is the company; viewers read, admins change):
 *   GET    /companies/{id}/ppv                               → PpvStatus (200 also without PPV: enabled false)
 *   POST   /companies/{id}/ppv/trial                         → PpvStatus (the /ppv-trial page: PPV with
 *          PPV_LIMITS.trialViews free views; 409 'ppv_exists' when the company already has PPV)
 *   PUT    /companies/{id}/ppvkey                            → PpvStatus (a new key; old snippets stop)
 *   PUT    /companies/{id}/ppv/settings   PpvSettingsUpdate  → PpvStatus (the allowed domains)
 *   GET    /companies/{id}/ppv/videos?page&search            → EmbedVideosPage (20 a page)
 *   GET    /companies/{id}/ppv/videos/{subjectId}            → EmbedVideo (the configurator)
 *   PUT    /companies/{id}/ppv/videos/{subjectId}/status  PpvSnippetToggle → EmbedVideo
 *          (Generate Snippet: enabled true; Disable Snippet: enabled false)
 *   POST   /companies/{id}/ppv/preview   PpvPreviewRequest    → PpvPreviewToken (the configurator's live
 *          preview: /embed?…&preview={token} plays without counting)
 *   GET    /companies/{id}/ppv_log?from&to&subjectId&type&page → PpvLogPage
 *   GET    /companies/{id}/ppv/export/?token=…&from&to&subjectId&type → text/csv (a direct download)
 *   GET    /companies/{id}/ppv_transactions                   → PpvTransactionsResponse
 *   POST   /companies/{id}/ppv_transactions  PpvPurchaseRequest → PpvPurchaseResult (buy views through
 *          the payment provider: first POST /companies/{id}/card as the subscription wizard does, then
 *          this with its paymentNonce (the card step: POST /companies/{id}/subscriptions/card); views null or empty does nothing; 402 with the provider's
 *          message when the card is refused)
 *   Without PPV every call but GET ppv and POST ppv/trial answers 403 { error: 'ppv_no_access',
 *   description: PPV_MESSAGES.noAccess with {support} filled }.
 *
 * Public paths (no session):
 *   GET    /embed?EmbedQuery                                 → the player document (CSP frame-ancestors
 *          from the key's allowed domains); 403 text/html with PPV_MESSAGES.keyUnknown when the key
 *          is unknown or its company has no PPV
 *   GET    /embed/assets/*                                   → the player's bundle (apps/embed/dist)
 *   POST   /api/embed/grant              PpvGrantRequest     → PpvGrant (event type 1, Signature)
 *          403 PpvRefusal (code key_unknown | origin_refused | snippet_inactive), 402 (limit_reached),
 *          429 when rate limited (PPV_LIMITS.grantsPerMinute per client address and key)
 *   POST   /api/embed/views              PpvViewReport       → PpvViewResult (type 2 View, counted once
 *          by the counting rule; type 3 Error)
 *   GET    /api/embed/categories?lang                        → EmbedCategoriesResponse (spec 3 §7: all
 *          categories with their subjects, 'Videos to embed')
 *
 * Media: /media/videos/* (videos and captions) answers only a signed URL, /media/…?exp&sig (HMAC of the
 * path and expiry under SECRET_KEY); every subject answer (learner, preview, grant) carries such URLs.
 *   POST   /companies/{id}/video/token   VideoTokenRequest   → VideoPlayerUrl (spec 3 §7: video token for
 *          a subject and language; the player url and its expiry)
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { LocalizedInteractive } from './interactive.ts';

export const PPV_LIMITS = {
  /** Embed video table: 20 a page, 5 page buttons (spec 1 §9). */
  pageSize: 20,
  pageButtons: 5,
  /** Views log: rows a page. */
  logPageSize: 50,
  /** Free views of a PPV trial (/ppv-trial). */
  trialViews: 50,
  /** Views bought at once. */
  maxPurchase: 1_000_000,
  /** Price of one view in cents (EUR). */
  viewPriceCents: 10,
  /** Allowed domains in the embed settings. */
  maxDomains: 20,
  domainMax: 253,
  /** Search in the embed video table (title or description). */
  searchMax: 100,
  uidMax: 100,
  locationMax: 500,
  /** A playback grant lives this long (seconds); the media URLs it carries as long. */
  grantSeconds: 4 * 60 * 60,
  /** A configurator preview token lives this long (seconds). */
  previewSeconds: 30 * 60,
  /** Grant requests per client address and key per minute; more are answered 429. */
  grantsPerMinute: 60,
} as const;

/** Views log event types (spec 1 §3): 1 Signature, 2 View, 3 Error, anything else Other. */
export const PPV_EVENT = { signature: 1, view: 2, error: 3 } as const;
export type PpvEventName = 'Signature' | 'View' | 'Error' | 'Other';
export function ppvEventName(type: number): PpvEventName {
  if (type === PPV_EVENT.signature) return 'Signature';
  if (type === PPV_EVENT.view) return 'View';
  if (type === PPV_EVENT.error) return 'Error';
  return 'Other';
}

/** Embed sizes (spec 1 §9): the pixel size the snippet uses and the label shown to users. */
export const EMBED_SIZES = {
  small: { width: 375, height: 260, label: '320x240' },
  medium: { width: 560, height: 375, label: '480x360' },
  big: { width: 720, height: 480, label: '720x480' },
} as const;
export type EmbedSize = keyof typeof EMBED_SIZES;
export const EmbedSizeName = z.enum(['small', 'medium', 'big']);

/** Views bar percent (spec 1 §9): used ÷ purchased, 100 when none are purchased. */
export function viewsPercent(used: number, purchased: number): number {
  if (purchased <= 0) return 100;
  return Math.min(100, Math.round((used / purchased) * 100));
}

/** Texts (spec 1 §8 and ours where the spec is silent). {support} is the support address. */
export const PPV_MESSAGES = {
  noAccess: 'You do not have access to the Embed content. Please contact {support}',
  keyUnknown: 'This video is not available: the embed key is unknown or disabled.',
  originRefused: 'This video cannot be played on this site.',
  snippetInactive: 'This video is not available for embedding.',
  limitReached: 'This video cannot be played: all purchased views have been used.',
  regenerateWarning:
    'A new key stops every snippet already on your pages. You will need to copy the snippets again.',
  trialExists: 'This company already has pay-per-view.',
  domainInvalid: 'Enter a domain such as intranet.example.com or *.example.com',
  videosHeading: 'Videos to embed',
} as const;

const languageCodes = LANGUAGES.map((l) => l.code) as [string, ...string[]];
export const EmbedLanguage = z.enum(languageCodes);

/**
 * An allowed domain: a host name (intranet.example.com), a wildcard for its sub-domains
 * (*.example.com), optionally with a port (localhost:8080). Compared with the Origin's host.
 */
export const PpvDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(PPV_LIMITS.domainMax)
  .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/, PPV_MESSAGES.domainInvalid);

/** Caption look, encoded in the query as `{size}.{background}` (e.g. medium.dark). */
export const CaptionSettings = z.object({
  size: z.enum(['small', 'medium', 'large']),
  background: z.enum(['dark', 'light', 'none']),
});
export type CaptionSettings = z.infer<typeof CaptionSettings>;
export function encodeCaptionSettings(s: CaptionSettings): string {
  return `${s.size}.${s.background}`;
}
export function decodeCaptionSettings(value: string | undefined): CaptionSettings | null {
  if (!value) return null;
  const [size, background] = value.split('.');
  const parsed = CaptionSettings.safeParse({ size, background });
  return parsed.success ? parsed.data : null;
}

const boolFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/**
 * The /embed player's query (spec 1 §7): lang (first language), key (the company's embed key), s (the
 * subject id), c (the company id; when given it must be the key's company), langs (comma list of the
 * languages offered), hideLogo (1 hides the company logo), location (the embedding page, filled by the
 * script snippet), uid (the embedder's own viewer id), presetCaption (a caption language, or 'off'),
 * captionSettings ({size}.{background}), preview (a configurator preview token; counts nothing).
 */
export const EmbedQuery = z.object({
  key: z.string().min(1).max(100),
  s: z.string().min(1).max(100),
  c: z.uuid().optional(),
  lang: EmbedLanguage.optional(),
  langs: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v ? v.split(',').filter((l) => languageCodes.includes(l)) : [])),
  hideLogo: boolFlag.optional(),
  location: z.string().max(PPV_LIMITS.locationMax).optional(),
  uid: z.string().max(PPV_LIMITS.uidMax).optional(),
  presetCaption: z.string().max(10).optional(),
  captionSettings: z.string().max(30).optional(),
  preview: z.string().max(1000).optional(),
});
export type EmbedQuery = z.output<typeof EmbedQuery>;

/**
 * GET /embed answers the player's index.html with <meta name="vigil-embed-ticket" content="{ticket}">
 * added to its head when the page framing it (the Referer) is on the allow-list; the player sends it
 * in PpvGrantRequest.ticket. Snippets set the iframe's referrerpolicy to EMBED_REFERRER_POLICY so the
 * framing page's origin reaches us whatever that page's own policy.
 */
export const EMBED_TICKET_META = 'vigil-embed-ticket';
export const EMBED_REFERRER_POLICY = 'origin';
/** The player keeps its random viewer id (PpvGrantRequest.viewer) under this localStorage key. */
export const EMBED_VIEWER_STORAGE_KEY = 'vigil-embed-viewer';
/** Paths of the public calls. */
export const EMBED_PATHS = {
  player: '/embed',
  grant: '/api/embed/grant',
  views: '/api/embed/views',
  categories: '/api/embed/categories',
} as const;

/** Builds the /embed src of a snippet (the configurator and the public embed page). */
export function embedSrc(
  base: string,
  q: {
    key: string;
    s: string;
    lang?: string;
    langs?: string[];
    hideLogo?: boolean;
    uid?: string;
    presetCaption?: string;
    captionSettings?: CaptionSettings | null;
    preview?: string;
  },
): string {
  const p: [string, string][] = [
    ['key', q.key],
    ['s', q.s],
  ];
  if (q.lang) p.push(['lang', q.lang]);
  if (q.langs?.length) p.push(['langs', q.langs.join(',')]);
  if (q.hideLogo) p.push(['hideLogo', '1']);
  if (q.uid) p.push(['uid', q.uid]);
  if (q.presetCaption) p.push(['presetCaption', q.presetCaption]);
  if (q.captionSettings) p.push(['captionSettings', encodeCaptionSettings(q.captionSettings)]);
  if (q.preview) p.push(['preview', q.preview]);
  const query = p.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${base.replace(/\/+$/, '')}/embed?${query}`;
}

/** Spec 1 §3 company ppv fields, plus what the /ppv pages show. */
export const PpvStatus = z.object({
  company_id: z.uuid(),
  /** false: the company has no PPV; the page shows PPV_MESSAGES.noAccess. */
  enabled: z.boolean(),
  trial: z.boolean(),
  viewsPurchased: z.number().int(),
  viewsUsed: z.number().int(),
  /** viewsPercent(viewsUsed, viewsPurchased). */
  percent: z.number(),
  /** The embed key (public: it is in every snippet); null without PPV. */
  apiKey: z.string().nullable(),
  allowedDomains: z.array(z.string()),
  /** The support address for the no-access message. */
  support: z.string(),
  /** Price of one view in cents and the currency, for the buy-views form. */
  viewPriceCents: z.number().int(),
  currency: z.string(),
  /**
   * The card of the company's billing account that buying views can use again ('Visa •••• 4242'); null
   * when there is none or the person may not pay.
   */
  cardOnFile: z.string().nullable(),
});
export type PpvStatus = z.infer<typeof PpvStatus>;

export const PpvSettingsUpdate = z.object({
  allowedDomains: z.array(PpvDomain).max(PPV_LIMITS.maxDomains),
});
export type PpvSettingsUpdate = z.input<typeof PpvSettingsUpdate>;

export const EmbedVideosQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(PPV_LIMITS.searchMax).optional(),
});
export type EmbedVideosQuery = z.input<typeof EmbedVideosQuery>;

/** Spec 1 §3 Embed video. status: the snippet is active. */
export const EmbedVideo = z.object({
  subject_id: z.string(),
  title: z.string(),
  description: z.string(),
  thumb: z.string().nullable(),
  categories: z.array(z.string()),
  views: z.number().int(),
  status: z.boolean(),
  disabled: z.boolean(),
  languages: z.array(z.string()),
  /** Languages with captions. */
  captionLanguages: z.array(z.string()),
  /** SUBJECT_TYPES: a video (1) or an interactive subject (5). */
  type: z.number().int(),
});
export type EmbedVideo = z.infer<typeof EmbedVideo>;

export const EmbedVideosPage = z.object({
  rows: z.array(EmbedVideo),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type EmbedVideosPage = z.infer<typeof EmbedVideosPage>;

export const PpvSnippetToggle = z.object({ enabled: z.boolean() });

export const PpvPreviewRequest = z.object({ subjectId: z.string().min(1).max(100) });
export const PpvPreviewToken = z.object({ token: z.string(), exp: z.number().int() });
export type PpvPreviewToken = z.infer<typeof PpvPreviewToken>;

export const PpvLogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  /** ISO dates (YYYY-MM-DD, UTC), inclusive. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  subjectId: z.string().max(100).optional(),
  /** 1, 2, 3, or 0 for Other. */
  type: z.coerce.number().int().min(0).max(3).optional(),
});
export type PpvLogQuery = z.input<typeof PpvLogQuery>;
export const PpvExportQuery = PpvLogQuery.omit({ page: true }).extend({ token: z.string().optional() });

/** Spec 1 §3 Views log entry (locaction spelled so); client_ip shortened for privacy (a /24 or /48). */
export const PpvLogEntry = z.object({
  id: z.string(),
  timestamp: z.string(),
  event_type: z.number().int(),
  subject_id: z.string().nullable(),
  subject_title: z.string().nullable(),
  client_ip: z.string().nullable(),
  js_video_id: z.string().nullable(),
  locaction: z.string().nullable(),
  uid: z.string().nullable(),
  api_key: z.string().nullable(),
  /** An Error's message. */
  message: z.string().nullable(),
});
export type PpvLogEntry = z.infer<typeof PpvLogEntry>;
export const PpvLogPage = z.object({
  rows: z.array(PpvLogEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PpvLogPage = z.infer<typeof PpvLogPage>;

/** Buying views; views null (an empty amount) does nothing (spec 3 §5). */
export const PpvPurchaseRequest = z.object({
  views: z.number().int().min(1).max(PPV_LIMITS.maxPurchase).nullable(),
  paymentNonce: z.string().max(2000).optional(),
});
export type PpvPurchaseRequest = z.infer<typeof PpvPurchaseRequest>;
export const PpvTransaction = z.object({
  id: z.string(),
  created: z.string(),
  views: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  /** 'trial' for the free views of /ppv-trial, 'purchase' otherwise. */
  kind: z.enum(['trial', 'purchase']),
});
export type PpvTransaction = z.infer<typeof PpvTransaction>;
export const PpvTransactionsResponse = z.object({ rows: z.array(PpvTransaction) });
export const PpvPurchaseResult = z.object({
  status: PpvStatus,
  /** null when nothing was bought (empty amount). */
  transaction: PpvTransaction.nullable(),
});
export type PpvPurchaseResult = z.infer<typeof PpvPurchaseResult>;

/** The player's first call. viewer: a random id the player keeps in the browser (localStorage). */
export const PpvGrantRequest = z.object({
  key: z.string().min(1).max(100),
  s: z.string().min(1).max(100),
  c: z.uuid().optional(),
  lang: EmbedLanguage.optional(),
  viewer: z.string().min(8).max(64).optional(),
  uid: z.string().max(PPV_LIMITS.uidMax).optional(),
  location: z.string().max(PPV_LIMITS.locationMax).optional(),
  /** The player element's id on the page (js_video_id in the log). */
  jsVideoId: z.string().max(100).optional(),
  preview: z.string().max(1000).optional(),
  /**
   * The ticket of the /embed document (its <meta name={EMBED_TICKET_META} content=…>): which allowed
   * page framed the player. Required unless preview.
   */
  ticket: z.string().max(2000).optional(),
});
export type PpvGrantRequest = z.infer<typeof PpvGrantRequest>;

/** What the player plays: signed media URLs valid until exp (seconds since the epoch). */
export const PpvGrant = z.object({
  grant: z.string(),
  exp: z.number().int(),
  preview: z.boolean(),
  subject: z.object({
    id: z.string(),
    title: z.string(),
    language: z.string(),
    languages: z.array(z.string()),
    thumb: z.string().nullable(),
    /** SUBJECT_TYPES: a video (1) plays `media`, an interactive subject (5) `interactive`. */
    type: z.number().int(),
  }),
  /** Signed URLs per language; captions null when that language has none. Empty for an interactive subject. */
  media: z.record(z.string(), z.object({ video: z.string(), captions: z.string().nullable() })),
  /** An interactive subject's scenes in each of its languages; null for a video. */
  interactive: z.record(z.string(), LocalizedInteractive).nullable(),
  brand: z.object({ color: z.string().nullable(), logo: z.string().nullable(), companyName: z.string() }),
});
export type PpvGrant = z.infer<typeof PpvGrant>;

export const PpvRefusal = z.object({
  error: z.enum(['key_unknown', 'origin_refused', 'snippet_inactive', 'limit_reached']),
  description: z.string(),
});
export type PpvRefusal = z.infer<typeof PpvRefusal>;

/**
 * The player's reports: 'view' once the video really plays (the counting rule in ARCHITECTURE: one
 * view per company, subject, viewer and UTC day), 'error' with a message for a failure.
 */
export const PpvViewReport = z.object({
  grant: z.string().min(1).max(2000),
  event: z.enum(['view', 'error']),
  message: z.string().max(500).optional(),
});
export type PpvViewReport = z.infer<typeof PpvViewReport>;
export const PpvViewResult = z.object({
  /** true when this report counted a view; false when the viewer was already counted today or preview. */
  counted: z.boolean(),
});
export type PpvViewResult = z.infer<typeof PpvViewResult>;

export const EmbedCategory = z.object({
  id: z.string(),
  name: z.string(),
  subjects: z.array(
    z.object({
      subject_id: z.string(),
      title: z.string(),
      thumb: z.string().nullable(),
      languages: z.array(z.string()),
      /** SUBJECT_TYPES: a video (1) or an interactive subject (5). */
      type: z.number().int(),
    }),
  ),
});
export const EmbedCategoriesResponse = z.object({ categories: z.array(EmbedCategory) });
export type EmbedCategoriesResponse = z.infer<typeof EmbedCategoriesResponse>;

/** Spec 3 §7 video token: a subject's media in one language, for the manager's preview. */
export const VideoTokenRequest = z.object({ videoId: z.string().min(1).max(100), lang: z.string().max(10) });
export const VideoPlayerUrl = z.object({
  url: z.string(),
  captions: z.string().nullable(),
  exp: z.number().int(),
});
export type VideoPlayerUrl = z.infer<typeof VideoPlayerUrl>;
