import {
  customTemplateId,
  customTemplateRef,
  isCustomTemplateRef,
  PHISHING_REQUIRED_LANGUAGES,
  type PhishingCustomTemplate,
  type PhishingLure,
  type PhishingTemplate,
  type PhishingTemplateSummary,
} from '@vigil/shared';
import type { CustomTemplateRecord } from './phishing.queries.ts';
import { phishingLibrary } from './phishing.library.ts';

/**
 * One view over the two places a simulated mail comes from: the library (content/phishing, read by
 * phishing.library.ts) and a company's own templates (phishing_templates). A custom template becomes
 * a library-shaped template whose every language is its one language, so the sender, the previews and
 * the teachable moment render both the same way.
 */

export interface ResolvedTemplate {
  /** The reference campaigns store: the library id or `custom:<uuid>`. */
  ref: string;
  source: 'library' | 'custom';
  template: PhishingTemplate;
  languages: string[];
}

const library = () => phishingLibrary();

/** Every library template. */
export const libraryTemplates = (): PhishingTemplate[] => library().templates;

/** A library template by id. */
export const libraryTemplate = (id: string): PhishingTemplate | undefined => library().template(id);

/** Whether the library has this landing page. */
export const hasLandingPage = (id: string): boolean => library().landingPage(id) !== undefined;

/** A text in every required language (a custom template's one language stands for all). */
function everyLanguage(text: string): PhishingTemplate['name'] {
  return Object.fromEntries(PHISHING_REQUIRED_LANGUAGES.map((l) => [l, text])) as PhishingTemplate['name'];
}

/** A company's template in the library's shape. */
export function customAsTemplate(row: CustomTemplateRecord): PhishingTemplate {
  const mail = { subject: row.subject, html: row.html };
  return {
    id: `custom-${row.id}`,
    name: everyLanguage(row.name),
    lure: row.lureKind as PhishingLure,
    difficulty: row.difficulty as 1 | 2 | 3,
    threatArea: 'email-phishing',
    behaviours: ['PH-1'],
    sender: {
      name: everyLanguage(row.senderName),
      localPart: row.senderLocalPart,
      domain: '{{sender.domain}}',
    },
    mail: { en: mail, de: mail, [row.language]: mail },
    redFlags: row.redFlags.map((f) => ({
      id: f.id,
      location: f.location as PhishingTemplate['redFlags'][number]['location'],
      title: everyLanguage(f.title),
      explanation: everyLanguage(f.explanation),
    })),
    landingPage: row.landingPageId,
  };
}

/** Resolves references against the library and `customs` (the company's rows that were read). */
export function resolveTemplates(
  refs: readonly string[],
  customs: readonly CustomTemplateRecord[],
): Map<string, ResolvedTemplate> {
  const byId = new Map(customs.map((c) => [c.id, c]));
  const found = new Map<string, ResolvedTemplate>();
  for (const ref of refs) {
    if (found.has(ref)) continue;
    const customId = customTemplateId(ref);
    if (customId) {
      const row = byId.get(customId);
      if (row)
        found.set(ref, {
          ref,
          source: 'custom',
          template: customAsTemplate(row),
          languages: [row.language],
        });
      continue;
    }
    const template = libraryTemplate(ref);
    if (template) found.set(ref, { ref, source: 'library', template, languages: Object.keys(template.mail) });
  }
  return found;
}

/** The custom template ids among references. */
export const customIdsOf = (refs: readonly string[]): string[] =>
  refs.filter(isCustomTemplateRef).map((ref) => customTemplateId(ref)!);

const pick = (text: Record<string, string>, lang: string) => text[lang] ?? text.en ?? '';

/** A template as the wizard and the templates page list it. */
export function templateSummary(t: ResolvedTemplate, lang = 'en'): PhishingTemplateSummary {
  const mail = t.template.mail[lang] ?? t.template.mail.en;
  return {
    id: t.ref,
    source: t.source,
    name: pick(t.template.name, lang),
    lureKind: t.template.lure,
    difficulty: t.template.difficulty,
    threatArea: t.template.threatArea,
    languages: t.languages,
    subject: mail.subject,
    senderName: pick(t.template.sender.name, lang),
    landingPageId: t.template.landingPage,
    redFlagsCount: t.template.redFlags.length,
  };
}

export function presentCustomTemplate(row: CustomTemplateRecord): PhishingCustomTemplate {
  return {
    id: row.id,
    ref: customTemplateRef(row.id),
    name: row.name,
    language: row.language,
    lureKind: row.lureKind as PhishingLure,
    difficulty: row.difficulty,
    senderName: row.senderName,
    senderLocalPart: row.senderLocalPart,
    subject: row.subject,
    html: row.html,
    landingPageId: row.landingPageId,
    redFlags: row.redFlags.map((f) => ({ ...f, location: f.location as 'body' })),
    created: row.createdAt.toISOString(),
    last_updated: row.updatedAt.toISOString(),
  };
}
