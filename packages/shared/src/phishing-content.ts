import { z } from 'zod';

/**
 * The simulated phishing library's format (files under content/phishing/, explained in its README):
 * the TEMPLATES (one simulated mail in several languages, with the red flags it contains), the LANDING
 * PAGES a click opens, and the two-minute LESSON per lure kind that the teachable moment offers. The
 * server's library loader validates every file with these schemas; the personalisation keys and
 * `renderPhishingTemplate` are shared by the sender, the previews and the teachable moment.
 */

const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');
const behaviourCode = z.string().regex(/^[A-Z]{2,4}-\d{1,2}$/);

/** The languages every library text must have; others (fr, es) are optional. */
export const PHISHING_REQUIRED_LANGUAGES = ['en', 'de'] as const;

/** A text in several languages; English and German are required for the library. */
export const PhishingText = z
  .object({ en: z.string().min(1), de: z.string().min(1) })
  .catchall(z.string().min(1));
export type PhishingText = z.infer<typeof PhishingText>;

/** The lure a simulated mail uses, i.e. the story that makes the employee act. */
export const PHISHING_LURES = [
  'credential-harvest',
  'invoice',
  'delivery-notice',
  'mfa-reset',
  'ceo-fraud',
  'shared-document',
  'qr-code',
  'calendar-invite',
] as const;
export const PhishingLure = z.enum(PHISHING_LURES);
export type PhishingLure = z.infer<typeof PhishingLure>;

/** 1 easy (several obvious red flags), 2 medium, 3 hard (one or two subtle flags, well personalised). */
export const PHISHING_DIFFICULTIES = { easy: 1, medium: 2, hard: 3 } as const;
export const PhishingDifficulty = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type PhishingDifficulty = z.infer<typeof PhishingDifficulty>;

/** Where in the mail a red flag sits. `sender` and `subject` are header fields; the others are body elements. */
export const PHISHING_FLAG_LOCATIONS = ['sender', 'subject', 'link', 'attachment', 'body'] as const;
export const PhishingFlagLocation = z.enum(PHISHING_FLAG_LOCATIONS);
export type PhishingFlagLocation = z.infer<typeof PhishingFlagLocation>;

/** Locations that are an element of the HTML body: it carries `data-flag="<flag id>"` in every language. */
export const PHISHING_BODY_FLAG_LOCATIONS: readonly PhishingFlagLocation[] = ['link', 'attachment', 'body'];

/** The attribute that marks a red flag's element in a template's HTML. */
export const PHISHING_FLAG_ATTRIBUTE = 'data-flag';

/**
 * The personalisation keys a template (subject, HTML, sender name, reply-to, landing page texts) may use.
 * Every value is plain text: the renderer HTML-escapes it, so a value can never add markup.
 */
export const PHISHING_KEYS = {
  'employee.firstName': "The employee's first name.",
  'employee.lastName': "The employee's last name.",
  'employee.email': "The employee's email address.",
  'company.name': "The company's name.",
  'company.domain': "The company's own mail domain, e.g. example.com (shown in texts, never sent from).",
  'company.hrEmail': "The address of the company's HR department.",
  link: 'The tracking URL of this delivery; the only link target a library template uses.',
  trackingPixel:
    'The URL of the open-tracking pixel (appended as a 1×1 image when the HTML does not place it).',
  qrCode: 'The URL of an image of a QR code that encodes {{link}} (QR-code lures).',
  'sender.domain': 'The sender domain of the company sender profile the campaign sends from.',
} as const;
export type PhishingKey = keyof typeof PHISHING_KEYS;
export const PHISHING_KEY_NAMES = Object.keys(PHISHING_KEYS) as PhishingKey[];

/** The values of the personalisation keys for one delivery (or a preview). */
export type PhishingVars = Record<PhishingKey, string>;

/** `{{ key }}` with optional spaces; the key is captured. */
const KEY_PATTERN = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;

/** The distinct keys a text uses, known or not. */
export function phishingKeysIn(text: string): string[] {
  return [...new Set([...text.matchAll(KEY_PATTERN)].map((m) => m[1] as string))];
}

/** The keys a text uses that are not personalisation keys (for the pack test and custom templates). */
export function unknownPhishingKeys(text: string): string[] {
  return phishingKeysIn(text).filter((k) => !(k in PHISHING_KEYS));
}

/** Values for previews in the manager app and the teachable moment's rendering of the mail. */
export const PHISHING_SAMPLE_VARS: PhishingVars = {
  'employee.firstName': 'Alex',
  'employee.lastName': 'Morgan',
  'employee.email': 'alex.morgan@example.com',
  'company.name': 'Example Ltd',
  'company.domain': 'example.com',
  'company.hrEmail': 'hr@example.com',
  link: '#',
  trackingPixel: '',
  qrCode: '',
  'sender.domain': 'example.net',
};

export const PhishingRedFlag = z.object({
  /** Unique within the template; body flags mark their element with `data-flag="<id>"`. */
  id,
  location: PhishingFlagLocation,
  /** A few words, e.g. "Look-alike sender domain". */
  title: PhishingText,
  /** One or two sentences: what is wrong here and how to notice it. */
  explanation: PhishingText,
});
export type PhishingRedFlag = z.infer<typeof PhishingRedFlag>;

/** A template's mail in one language: a plain-text subject and an HTML body fragment. */
export const PhishingMailText = z.object({
  subject: z.string().min(1).max(200),
  /** The preview line some clients show after the subject (hidden in the body). */
  preheader: z.string().min(1).max(200).optional(),
  /**
   * A body fragment (no html/head/body element) with inline styles only; its links are `{{link}}`.
   * Authors may write it as an array of lines, joined without separator, so a file stays readable.
   */
  html: z.union([
    z.string().min(1),
    z
      .array(z.string())
      .min(1)
      .transform((lines) => lines.join('')),
  ]),
});
export type PhishingMailText = z.infer<typeof PhishingMailText>;

export const PhishingTemplate = z.object({
  id,
  /** The name managers pick the template by, e.g. "Parcel held at customs". */
  name: PhishingText,
  lure: PhishingLure,
  difficulty: PhishingDifficulty,
  /** A threat area of the content pack (content/threat-areas), e.g. email-phishing. */
  threatArea: id,
  /** Key behaviours of that threat area the mail tests, e.g. PH-1. */
  behaviours: z.array(behaviourCode).min(1),
  sender: z.object({
    /** The display name per language, e.g. "Parcelo Delivery"; may use personalisation keys. */
    name: PhishingText,
    /** The part before the @, e.g. no-reply. */
    localPart: z.string().regex(/^[a-z0-9]+([._-][a-z0-9]+)*$/, 'a lower-case mailbox name'),
    /**
     * The domain after the @: a text over the keys that the company's sender profile fills, normally
     * `{{sender.domain}}` (a sub-domain such as `billing.{{sender.domain}}` is allowed).
     */
    domain: z.string().min(1).default('{{sender.domain}}'),
    /** Where replies go when it differs from the sender (CEO fraud), over the same keys. */
    replyTo: z.string().min(3).optional(),
  }),
  /** The mail per language: en and de required. */
  mail: z.object({ en: PhishingMailText, de: PhishingMailText }).catchall(PhishingMailText),
  redFlags: z.array(PhishingRedFlag).min(1),
  /** The landing page a click opens (content/phishing/landing-pages). */
  landingPage: id,
});
export type PhishingTemplate = z.infer<typeof PhishingTemplate>;

export const PHISHING_LANDING_KINDS = [
  'sign-in',
  'document',
  'package',
  'invoice',
  'mfa',
  'calendar',
] as const;
export const PhishingLandingKind = z.enum(PHISHING_LANDING_KINDS);
export type PhishingLandingKind = z.infer<typeof PhishingLandingKind>;

/** A form field of a landing page. Whatever is typed never leaves the browser; only "submitted" does. */
export const PhishingLandingField = z.object({
  id,
  type: z.enum(['text', 'email', 'password', 'code']),
  label: PhishingText,
  /** A value shown pre-filled, over the keys, e.g. `{{employee.email}}`. */
  value: z.string().optional(),
});
export type PhishingLandingField = z.infer<typeof PhishingLandingField>;

/** The page a click opens: brand-neutral (it takes the company's or a generic look), plain texts over the keys. */
export const PhishingLandingPage = z.object({
  id,
  kind: PhishingLandingKind,
  /** The browser tab's title. */
  title: PhishingText,
  heading: PhishingText,
  intro: PhishingText,
  /** A document, parcel, invoice or meeting the page shows before its form (its name or details). */
  item: PhishingText.optional(),
  fields: z.array(PhishingLandingField).max(4),
  /** The button that submits (or, with no fields, is the one action: open, download, accept). */
  submit: PhishingText,
  /** Small print under the form, e.g. "Protected by secure sign-in". */
  footer: PhishingText.optional(),
});
export type PhishingLandingPage = z.infer<typeof PhishingLandingPage>;

/** The two-minute lesson of a lure kind that the teachable moment offers. */
export const PhishingLesson = z.object({
  lure: PhishingLure,
  title: PhishingText,
  /** Why this lure works, in two or three sentences. */
  intro: PhishingText,
  /** The red flags typical of the lure. */
  redFlags: z.array(PhishingText).min(3).max(6),
  /** What to do when such a mail arrives. */
  whatToDo: z.array(PhishingText).min(2).max(5),
  /** One sentence to remember. */
  takeaway: PhishingText,
});
export type PhishingLesson = z.infer<typeof PhishingLesson>;

/** The language of `byLang` to use for `lang`: itself, else its base language, else English. */
function langFor(byLang: Record<string, unknown>, lang: string): string {
  if (byLang[lang] !== undefined) return lang;
  const base = lang.split('-')[0] ?? 'en';
  return byLang[base] !== undefined ? base : 'en';
}

function pick<T>(byLang: { en: T } & Record<string, T>, lang: string): T {
  return byLang[langFor(byLang, lang)] ?? byLang.en;
}

export const escapePhishingHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Substitutes the known keys in a plain text (header or page text); unknown keys stay as written. */
export function fillPhishingText(text: string, vars: PhishingVars): string {
  return text.replace(KEY_PATTERN, (whole, key: string) =>
    key in vars ? (vars[key as PhishingKey] ?? '') : whole,
  );
}

/** A header value on one line: a value with a line break must not add a header. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

const FLAG_ATTRIBUTE_PATTERN = /\sdata-flag="[^"]*"/g;

export interface RenderedPhishingMail {
  /** The sender's display name. */
  fromName: string;
  /** localPart@domain. */
  fromAddress: string;
  replyTo: string | null;
  subject: string;
  /** The body fragment; the sender wraps it in a document. */
  html: string;
  /** The language rendered (the asked one when the template has it, else English). */
  lang: string;
}

export interface RenderPhishingOptions {
  /**
   * Keep the `data-flag` attributes that mark the red flags: true for the teachable moment, which
   * highlights them; false (default) for the mail itself, so its source does not give the flags away.
   */
  keepFlagMarks?: boolean;
}

/**
 * One template as one employee's mail in one language: every key substituted (HTML-escaped in the body,
 * on one line in the headers), the open pixel appended when the HTML does not place `{{trackingPixel}}`
 * and a pixel URL is given. Pure: the same input gives the same mail.
 */
export function renderPhishingTemplate(
  template: Pick<PhishingTemplate, 'sender' | 'mail'>,
  lang: string,
  vars: PhishingVars,
  options: RenderPhishingOptions = {},
): RenderedPhishingMail {
  const rendered = langFor(template.mail, lang);
  const mail = pick(template.mail, lang);
  let html = mail.html.replace(KEY_PATTERN, (whole, key: string) =>
    key in vars ? escapePhishingHtml(vars[key as PhishingKey] ?? '') : whole,
  );
  if (!options.keepFlagMarks) html = html.replace(FLAG_ATTRIBUTE_PATTERN, '');
  if (mail.preheader)
    html =
      `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapePhishingHtml(fillPhishingText(mail.preheader, vars))}</div>` +
      html;
  if (!phishingKeysIn(mail.html).includes('trackingPixel') && vars.trackingPixel)
    html += `<img src="${escapePhishingHtml(vars.trackingPixel)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  const domain = oneLine(fillPhishingText(template.sender.domain, vars)).toLowerCase();
  return {
    fromName: oneLine(fillPhishingText(pick(template.sender.name, lang), vars)),
    fromAddress: `${template.sender.localPart}@${domain}`,
    replyTo: template.sender.replyTo
      ? oneLine(fillPhishingText(template.sender.replyTo, vars)).toLowerCase()
      : null,
    subject: oneLine(fillPhishingText(mail.subject, vars)),
    html,
    lang: rendered,
  };
}

/** A landing page in one language with its keys filled: plain texts, to be escaped by whoever renders them. */
export function renderPhishingLandingPage(page: PhishingLandingPage, lang: string, vars: PhishingVars) {
  const text = (t: PhishingText | undefined) => (t ? fillPhishingText(pick(t, lang), vars) : null);
  return {
    id: page.id,
    kind: page.kind,
    title: text(page.title) as string,
    heading: text(page.heading) as string,
    intro: text(page.intro) as string,
    item: text(page.item),
    fields: page.fields.map((f) => ({
      id: f.id,
      type: f.type,
      label: text(f.label) as string,
      value: f.value ? fillPhishingText(f.value, vars) : '',
    })),
    submit: text(page.submit) as string,
    footer: text(page.footer),
  };
}
export type RenderedPhishingLandingPage = ReturnType<typeof renderPhishingLandingPage>;

/** A lesson in one language. */
export function localizePhishingLesson(lesson: PhishingLesson, lang: string) {
  return {
    lure: lesson.lure,
    title: pick(lesson.title, lang),
    intro: pick(lesson.intro, lang),
    redFlags: lesson.redFlags.map((t) => pick(t, lang)),
    whatToDo: lesson.whatToDo.map((t) => pick(t, lang)),
    takeaway: pick(lesson.takeaway, lang),
  };
}
export type LocalizedPhishingLesson = ReturnType<typeof localizePhishingLesson>;

/** A template's red flags in one language, for the teachable moment. */
export function localizePhishingRedFlags(template: Pick<PhishingTemplate, 'redFlags'>, lang: string) {
  return template.redFlags.map((f) => ({
    id: f.id,
    location: f.location,
    title: pick(f.title, lang),
    explanation: pick(f.explanation, lang),
  }));
}
