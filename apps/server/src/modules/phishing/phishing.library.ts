import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  PHISHING_BODY_FLAG_LOCATIONS,
  PHISHING_FLAG_ATTRIBUTE,
  PHISHING_LURES,
  PHISHING_REQUIRED_LANGUAGES,
  PhishingLandingPage,
  PhishingLesson,
  PhishingTemplate,
  ThreatArea,
  unknownPhishingKeys,
  type PhishingLure,
} from '@vigil/shared';

/**
 * The simulated phishing library (content/phishing, see its README): read and validated once, kept in
 * memory. Pure reading, no database: the campaign kind, the previews and the teachable moment ask it.
 */

/** The repository's content/ folder; the library lives in its phishing/ folder. */
export const CONTENT_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../content',
);
export const PHISHING_DIR = path.join(CONTENT_ROOT, 'phishing');

/** The library needs at least this many templates (issue 24). */
export const MIN_PHISHING_TEMPLATES = 30;

export interface PhishingLibrary {
  templates: PhishingTemplate[];
  landingPages: PhishingLandingPage[];
  lessons: PhishingLesson[];
  template(id: string): PhishingTemplate | undefined;
  landingPage(id: string): PhishingLandingPage | undefined;
  lesson(lure: PhishingLure): PhishingLesson | undefined;
}

/** A file's path as problems name it: relative to content/. */
const shown = (file: string) => path.relative(CONTENT_ROOT, file) || file;

function jsonFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(dir, f))
    : [];
}

function parseFile<T extends z.ZodType>(
  schema: T,
  file: string,
  problems: string[],
): z.output<T> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${shown(file)}: ${(error as Error).message}`);
    return undefined;
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    problems.push(`${shown(file)}: ${issue.path.join('.')}: ${issue.message}`);
  return undefined;
}

/** The behaviour codes of each threat area of the content pack (only what the check needs). */
function readThreatAreas(dir: string, problems: string[]): Map<string, Set<string>> {
  const schema = ThreatArea.pick({ id: true, behaviours: true });
  const areas = new Map<string, Set<string>>();
  for (const file of jsonFiles(dir)) {
    const area = parseFile(schema, file, problems);
    if (area) areas.set(area.id, new Set(area.behaviours.map((b) => b.code)));
  }
  return areas;
}

export interface PhishingLibraryFiles {
  /** The library folder (content/phishing). */
  dir?: string;
  /** The content pack's threat areas (content/threat-areas). */
  threatAreasDir?: string;
}

/** Reads and validates every file; `problems` names the file and path of everything wrong, integrity included. */
export function loadPhishingLibrary(files: PhishingLibraryFiles = {}): {
  library: PhishingLibrary;
  problems: string[];
} {
  const dir = files.dir ?? PHISHING_DIR;
  const problems: string[] = [];
  const templateFiles = jsonFiles(path.join(dir, 'templates'));
  const templates: PhishingTemplate[] = [];
  const templateFileOf = new Map<PhishingTemplate, string>();
  for (const file of templateFiles) {
    const template = parseFile(PhishingTemplate, file, problems);
    if (!template) continue;
    templates.push(template);
    templateFileOf.set(template, file);
  }
  const landingPages = jsonFiles(path.join(dir, 'landing-pages')).flatMap(
    (file) => parseFile(PhishingLandingPage, file, problems) ?? [],
  );
  const lessons = parseFile(z.array(PhishingLesson), path.join(dir, 'lessons.json'), problems) ?? [];
  const threatAreas = readThreatAreas(
    files.threatAreasDir ?? path.join(CONTENT_ROOT, 'threat-areas'),
    problems,
  );
  const where = (t: PhishingTemplate) => `${shown(templateFileOf.get(t) ?? t.id)}`;
  problems.push(...checkPhishingLibrary({ templates, landingPages, lessons }, threatAreas, where));
  return { library: indexLibrary(templates, landingPages, lessons), problems };
}

function indexLibrary(
  templates: PhishingTemplate[],
  landingPages: PhishingLandingPage[],
  lessons: PhishingLesson[],
): PhishingLibrary {
  const byId = new Map(templates.map((t) => [t.id, t]));
  const pages = new Map(landingPages.map((p) => [p.id, p]));
  const byLure = new Map(lessons.map((l) => [l.lure, l]));
  return {
    templates,
    landingPages,
    lessons,
    template: (id) => byId.get(id),
    landingPage: (id) => pages.get(id),
    lesson: (lure) => byLure.get(lure),
  };
}

function duplicates(ids: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false))))];
}

/** The values of `data-flag` attributes in an HTML text. */
function flagMarks(html: string): string[] {
  return [...html.matchAll(new RegExp(`\\s${PHISHING_FLAG_ATTRIBUTE}="([^"]*)"`, 'g'))].map(
    (m) => m[1] as string,
  );
}

/** Link targets and image sources other than the keys the sender fills. */
function foreignTargets(html: string): string[] {
  return [...html.matchAll(/\s(href|src|action)\s*=\s*"([^"]*)"/gi)]
    .map((m) => `${m[1]}="${m[2]}"`)
    .filter((attr) => !/^(href="\{\{link\}\}"|src="\{\{(trackingPixel|qrCode)\}\}")$/.test(attr));
}

/** The texts of a template that may carry personalisation keys. */
function keyedTexts(t: PhishingTemplate): string[] {
  return [
    ...Object.values(t.sender.name),
    t.sender.domain,
    t.sender.replyTo ?? '',
    ...Object.values(t.mail).flatMap((m) => [m.subject, m.preheader ?? '', m.html]),
  ];
}

/**
 * What the schemas cannot say: unique ids, 30+ templates over every lure kind and difficulty, known
 * threat areas and behaviours, known keys, links only to `{{link}}`, each body flag marked in every
 * language and every mark a flag, landing pages and lessons that exist.
 */
export function checkPhishingLibrary(
  lib: Pick<PhishingLibrary, 'templates' | 'landingPages' | 'lessons'>,
  threatAreas: Map<string, Set<string>>,
  where: (t: PhishingTemplate) => string = (t) => `template ${t.id}`,
): string[] {
  const problems: string[] = [];
  for (const id of duplicates(lib.templates.map((t) => t.id)))
    problems.push(`template ${id} is defined twice`);
  for (const id of duplicates(lib.landingPages.map((p) => p.id)))
    problems.push(`landing page ${id} is defined twice`);
  for (const lure of duplicates(lib.lessons.map((l) => l.lure)))
    problems.push(`lesson of ${lure} is defined twice`);
  if (lib.templates.length < MIN_PHISHING_TEMPLATES)
    problems.push(
      `the library has ${lib.templates.length} templates, needs at least ${MIN_PHISHING_TEMPLATES}`,
    );
  for (const lure of PHISHING_LURES) {
    if (!lib.templates.some((t) => t.lure === lure)) problems.push(`no template for the lure ${lure}`);
    if (!lib.lessons.some((l) => l.lure === lure)) problems.push(`no lesson for the lure ${lure}`);
  }
  for (const difficulty of [1, 2, 3])
    if (!lib.templates.some((t) => t.difficulty === difficulty))
      problems.push(`no template of difficulty ${difficulty}`);

  const pageIds = new Set(lib.landingPages.map((p) => p.id));
  for (const t of lib.templates) {
    const at = where(t);
    if (path.basename(at, '.json') !== t.id && at.endsWith('.json'))
      problems.push(`${at}: id ${t.id} differs from the file name`);
    if (!pageIds.has(t.landingPage))
      problems.push(`${at}: landingPage: unknown landing page ${t.landingPage}`);
    const codes = threatAreas.get(t.threatArea);
    if (!codes) problems.push(`${at}: threatArea: unknown threat area ${t.threatArea}`);
    else
      for (const code of t.behaviours)
        if (!codes.has(code))
          problems.push(`${at}: behaviours: ${code} is not a behaviour of ${t.threatArea}`);
    for (const key of new Set(keyedTexts(t).flatMap(unknownPhishingKeys)))
      problems.push(`${at}: unknown personalisation key {{${key}}}`);
    for (const id of duplicates(t.redFlags.map((f) => f.id)))
      problems.push(`${at}: red flag ${id} is defined twice`);
    const bodyFlags = new Set(
      t.redFlags.filter((f) => PHISHING_BODY_FLAG_LOCATIONS.includes(f.location)).map((f) => f.id),
    );
    const allFlags = new Set(t.redFlags.map((f) => f.id));
    for (const [lang, mail] of Object.entries(t.mail)) {
      const marks = flagMarks(mail.html);
      for (const flag of bodyFlags)
        if (!marks.includes(flag))
          problems.push(`${at}: mail.${lang}.html: no element with data-flag="${flag}"`);
      for (const mark of new Set(marks))
        if (!allFlags.has(mark))
          problems.push(`${at}: mail.${lang}.html: data-flag="${mark}" names no red flag`);
        else if (!bodyFlags.has(mark))
          problems.push(
            `${at}: mail.${lang}.html: data-flag="${mark}" marks a ${t.redFlags.find((f) => f.id === mark)?.location} flag`,
          );
      for (const target of foreignTargets(mail.html))
        problems.push(
          `${at}: mail.${lang}.html: ${target} (links go to {{link}}, images are {{qrCode}} only)`,
        );
      if (!mail.html.includes('href="{{link}}"'))
        problems.push(`${at}: mail.${lang}.html: no link to {{link}}`);
      if (/<\s*(script|iframe|object|embed|form|html|head|body)\b/i.test(mail.html))
        problems.push(
          `${at}: mail.${lang}.html: a body fragment without script, frame, form or document elements`,
        );
    }
    for (const lang of PHISHING_REQUIRED_LANGUAGES)
      for (const flag of t.redFlags)
        if (!flag.title[lang] || !flag.explanation[lang])
          problems.push(`${at}: red flag ${flag.id} has no ${lang} text`);
    if (t.lure === 'qr-code' && !Object.values(t.mail).every((m) => m.html.includes('{{qrCode}}')))
      problems.push(`${at}: a QR-code lure shows {{qrCode}} in every language`);
  }
  for (const page of lib.landingPages) {
    const texts = [
      page.title,
      page.heading,
      page.intro,
      page.item,
      page.submit,
      page.footer,
      ...page.fields.map((f) => f.label),
    ]
      .filter((t) => t !== undefined)
      .flatMap((t) => Object.values(t));
    for (const key of new Set(
      [...texts, ...page.fields.map((f) => f.value ?? '')].flatMap(unknownPhishingKeys),
    ))
      problems.push(`landing page ${page.id}: unknown personalisation key {{${key}}}`);
  }
  return problems;
}

let cached: PhishingLibrary | undefined;

/** The library, read and checked on first use; a problem stops the server with its file and path. */
export function phishingLibrary(): PhishingLibrary {
  if (cached) return cached;
  const { library, problems } = loadPhishingLibrary();
  if (problems.length > 0)
    throw new Error(`The phishing library (content/phishing) has problems:\n  ${problems.join('\n  ')}`);
  cached = library;
  return cached;
}
