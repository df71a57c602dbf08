/**
 * The email settings (spec 1 §2 "Email settings", §3 `ui.email.*`): the header and footer texts a
 * company puts on the mails its employees get, each with its markdown twin for chat channels, the
 * variables those texts may use, the default texts in every mail language, and the language a mail
 * is written in.
 */
import { z } from 'zod';
import { EMAIL_TEXTS, type CompanySettings, type EmailText } from './company-settings.ts';
import { EMAIL_SETTINGS_LIMITS } from './constants.ts';
import { EMAIL_SETTINGS_MESSAGES } from './messages.ts';

/** The languages mails are written in: the learner app's. */
export const MAIL_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const isMailLanguage = (code: string): code is MailLanguage =>
  (MAIL_LANGUAGES as readonly string[]).includes(code);

/**
 * The language of a mail: the first candidate (the employee's language, then the company's default)
 * that mails are written in, by its base code (en-GB is en); else English.
 */
export function mailLanguage(...candidates: readonly (string | null | undefined)[]): MailLanguage {
  for (const candidate of candidates) {
    const base = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    if (base && isMailLanguage(base)) return base;
  }
  return 'en';
}

/** The tabs of the Email settings page and the texts each edits; Assessments only with assessments on. */
export const EMAIL_TABS = {
  trainings: ['trainingHeader', 'trainingFooter'],
  reminders: ['reminderHeader', 'reminderFooter'],
  certificates: ['certificate'],
  assessments: ['assessmentHeader', 'assessmentFooter'],
} as const satisfies Record<string, readonly EmailText[]>;
export type EmailTab = keyof typeof EMAIL_TABS;

/** The variables a text may use, written `{{name}}`, and what each becomes. */
export const EMAIL_VARIABLES = ['employee_name', 'company', 'program', 'due_date'] as const;
export type EmailVariable = (typeof EMAIL_VARIABLES)[number];
export type EmailVariableValues = Record<EmailVariable, string>;

const VARIABLE = /\{\{\s*([a-zA-Z_]+)\s*\}\}/g;

/** Fills `{{variable}}` with its value, each value passed through `escape` (HTML needs it, text not). */
export function fillEmailVariables(
  text: string,
  values: EmailVariableValues,
  escape: (value: string) => string = (v) => v,
): string {
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) ? escape(values[name as EmailVariable]) : whole,
  );
}

/**
 * The texts a company has not written itself, in each mail language. Headers are empty by default
 * (the mail's own greeting leads); footers and the certificate text are not.
 */
export const DEFAULT_EMAIL_TEXTS: Record<MailLanguage, Record<EmailText, string>> = {
  en: {
    trainingHeader: '',
    trainingFooter: 'Thank you for helping keep {{company}} safe.',
    reminderHeader: '',
    reminderFooter:
      'Finishing {{program}} takes only a few minutes. Thank you for helping keep {{company}} safe.',
    certificate: 'Awarded for completing the security-awareness training {{program}} at {{company}}.',
    assessmentHeader: '',
    assessmentFooter: 'Your honest answers show {{company}} where training helps most.',
  },
  de: {
    trainingHeader: '',
    trainingFooter: 'Danke, dass Sie helfen, {{company}} sicher zu halten.',
    reminderHeader: '',
    reminderFooter:
      '{{program}} abzuschließen dauert nur wenige Minuten. Danke, dass Sie helfen, {{company}} sicher zu halten.',
    certificate: 'Verliehen für den Abschluss der Sicherheitsschulung {{program}} bei {{company}}.',
    assessmentHeader: '',
    assessmentFooter: 'Ihre ehrlichen Antworten zeigen {{company}}, wo Schulungen am meisten helfen.',
  },
  fr: {
    trainingHeader: '',
    trainingFooter: 'Merci de contribuer à la sécurité de {{company}}.',
    reminderHeader: '',
    reminderFooter:
      'Terminer {{program}} ne prend que quelques minutes. Merci de contribuer à la sécurité de {{company}}.',
    certificate:
      'Décerné pour avoir suivi la formation de sensibilisation à la sécurité {{program}} chez {{company}}.',
    assessmentHeader: '',
    assessmentFooter: 'Vos réponses sincères montrent à {{company}} où la formation aide le plus.',
  },
  es: {
    trainingHeader: '',
    trainingFooter: 'Gracias por ayudar a mantener seguro a {{company}}.',
    reminderHeader: '',
    reminderFooter:
      'Terminar {{program}} solo lleva unos minutos. Gracias por ayudar a mantener seguro a {{company}}.',
    certificate:
      'Otorgado por completar la formación de concienciación en seguridad {{program}} en {{company}}.',
    assessmentHeader: '',
    assessmentFooter: 'Sus respuestas sinceras muestran a {{company}} dónde más ayuda la formación.',
  },
};

/** The text a mail in `language` carries: the company's own, else the default in that language. */
export function emailTextFor(
  settings: Pick<CompanySettings, 'email'>,
  text: EmailText,
  language: MailLanguage,
): string {
  const own = settings.email[text];
  return own.trim() === '' ? DEFAULT_EMAIL_TEXTS[language][text] : own;
}

/** Control characters other than line breaks and tabs (a text has several lines). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Markup a mail can never carry; the sanitiser would drop it, so saving it would silently lose it. */
const UNSAFE_MARKUP =
  /<\s*\/?\s*(script|style|iframe|object|embed|form|link|meta)\b|\bjavascript:|<[^>]*\son\w+\s*=/i;

/** One mail text: empty means the default in each employee's language. */
export const emailTextValue = z
  .string()
  .max(EMAIL_SETTINGS_LIMITS.textMax, EMAIL_SETTINGS_MESSAGES.tooLong)
  .refine((v) => !CONTROL.test(v), { message: EMAIL_SETTINGS_MESSAGES.controlCharacters })
  .refine((v) => !UNSAFE_MARKUP.test(v), { message: EMAIL_SETTINGS_MESSAGES.noScript })
  .refine(
    (v) => [...v.matchAll(VARIABLE)].every((m) => (EMAIL_VARIABLES as readonly string[]).includes(m[1]!)),
    { message: EMAIL_SETTINGS_MESSAGES.unknownVariable },
  );

const textsOf = <S extends z.ZodType>(schema: S) =>
  z.object(Object.fromEntries(EMAIL_TEXTS.map((k) => [k, schema])) as Record<EmailText, S>);

/** GET /companies/{id}/email_settings: the stored texts ('' where the default applies). */
export const EmailSettings = z.object({
  texts: textsOf(z.string()),
  /** The markdown twins (`mrkdwn_…`) chat channels send. */
  markdown: textsOf(z.string()),
  /** The language mails take when an employee has none (the company's default, as mails speak it). */
  language: z.enum(MAIL_LANGUAGES),
});
export type EmailSettings = z.infer<typeof EmailSettings>;

/** PUT /companies/{id}/email_settings: the texts to change; '' restores a default. */
export const EmailSettingsUpdate = z
  .object({
    texts: textsOf(emailTextValue).partial().strict().optional(),
    markdown: textsOf(emailTextValue).partial().strict().optional(),
  })
  .strict();
export type EmailSettingsUpdate = z.infer<typeof EmailSettingsUpdate>;

/** The mails the preview renders: one per tab (reminders of a training program, invitations). */
export const EMAIL_PREVIEW_KINDS = ['training', 'reminder', 'assessment'] as const;
export type EmailPreviewKind = (typeof EMAIL_PREVIEW_KINDS)[number];

/** POST /companies/{id}/email_settings/preview: a sample mail with the texts being edited (unsaved). */
export const EmailPreviewRequest = z
  .object({
    kind: z.enum(EMAIL_PREVIEW_KINDS),
    language: z.enum(MAIL_LANGUAGES).optional(),
    texts: textsOf(emailTextValue).partial().strict().optional(),
  })
  .strict();
export type EmailPreviewRequest = z.infer<typeof EmailPreviewRequest>;

export const EmailPreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** The sample values the variables took. */
  values: z.object(
    Object.fromEntries(EMAIL_VARIABLES.map((k) => [k, z.string()])) as Record<EmailVariable, z.ZodString>,
  ),
});
export type EmailPreview = z.infer<typeof EmailPreview>;
