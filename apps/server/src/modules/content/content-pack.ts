import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  AssessmentTemplate,
  ContentCategory,
  ContentSubject,
  interactiveElements,
  localize,
  Material,
  SUBJECT_TYPES,
  ThreatArea,
  TrainingTemplate,
} from '@vigil/shared';

/** The default content pack in the repository's content/ folder. */
export const CONTENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../content',
);

const PackManifest = z.object({ version: z.number().int().min(1), languages: z.array(z.string()).min(1) });

export interface ContentPack {
  version: number;
  languages: string[];
  categories: z.infer<typeof ContentCategory>[];
  subjects: z.infer<typeof ContentSubject>[];
  threatAreas: z.infer<typeof ThreatArea>[];
  trainingTemplates: z.infer<typeof TrainingTemplate>[];
  assessmentTemplates: z.infer<typeof AssessmentTemplate>[];
  materials: z.infer<typeof Material>[];
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function parseFile<T extends z.ZodType>(
  schema: T,
  file: string,
  problems: string[],
): z.output<T> | undefined {
  const result = schema.safeParse(readJson(file));
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    problems.push(`${path.basename(file)}: ${issue.path.join('.')}: ${issue.message}`);
  return undefined;
}

function jsonFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(dir, f))
    : [];
}

/** Reads and validates every file of the pack; `problems` lists everything wrong, integrity included. */
export function loadContentPack(dir = CONTENT_DIR): { pack: ContentPack; problems: string[] } {
  const problems: string[] = [];
  const manifest = parseFile(PackManifest, path.join(dir, 'pack.json'), problems) ?? {
    version: 0,
    languages: ['en'],
  };
  const categories = parseFile(z.array(ContentCategory), path.join(dir, 'categories.json'), problems) ?? [];
  const many = <T extends z.ZodType>(schema: T, sub: string) =>
    jsonFiles(path.join(dir, sub)).flatMap((f) => {
      const parsed = parseFile(z.union([schema, z.array(schema)]), f, problems);
      return parsed === undefined ? [] : ((Array.isArray(parsed) ? parsed : [parsed]) as z.output<T>[]);
    });
  const pack: ContentPack = {
    version: manifest.version,
    languages: manifest.languages,
    categories,
    subjects: many(ContentSubject, 'subjects'),
    threatAreas: many(ThreatArea, 'threat-areas'),
    trainingTemplates: many(TrainingTemplate, 'templates/training'),
    assessmentTemplates: many(AssessmentTemplate, 'templates/assessment'),
    materials: many(Material, 'materials'),
  };
  problems.push(...checkIntegrity(pack, dir));
  return { pack, problems };
}

function duplicates(ids: string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
}

/** Every reference resolves, every id is unique, every decision tree and score is consistent. */
export function checkIntegrity(pack: ContentPack, dir: string): string[] {
  const problems: string[] = [];
  const categoryIds = new Set(pack.categories.map((c) => c.id));
  const subjectIds = new Set(pack.subjects.map((s) => s.id));
  for (const id of duplicates(pack.subjects.map((s) => s.id)))
    problems.push(`subject ${id} is defined twice`);

  for (const s of pack.subjects) {
    const where = `subject ${s.id}`;
    if (!categoryIds.has(s.category)) problems.push(`${where}: unknown category ${s.category}`);
    if (s.type === SUBJECT_TYPES.video && !(s.slides && s.slides.length >= 3))
      problems.push(`${where}: a video needs 3+ slides`);
    if (s.type === SUBJECT_TYPES.scorm || s.type === SUBJECT_TYPES.scormQuiz) {
      if (!s.scorm || !existsSync(path.join(dir, 'media', s.scorm.entry)))
        problems.push(`${where}: SCORM entry is missing`);
    }
    if (s.type === SUBJECT_TYPES.interactive) problems.push(...checkInteractive(s, pack, dir));
    else if (s.type !== SUBJECT_TYPES.decision && s.quiz.length < 3)
      problems.push(`${where}: needs at least 3 quiz questions`);
    if (s.type === SUBJECT_TYPES.decision) {
      const ids = new Set((s.decisions ?? []).map((d) => d.id));
      if (!s.startDecision || !ids.has(s.startDecision))
        problems.push(`${where}: startDecision must name a decision`);
      for (const d of s.decisions ?? []) {
        for (const o of d.options)
          if (o.next && !ids.has(o.next)) problems.push(`${where}: ${d.id} leads to unknown ${o.next}`);
        if (!d.options.some((o) => o.correct)) problems.push(`${where}: ${d.id} has no correct choice`);
      }
      for (const step of s.correctPath ?? [])
        if (!ids.has(step)) problems.push(`${where}: correctPath names unknown ${step}`);
    }
  }

  const behaviourCodes = new Set<string>();
  const questionIds: string[] = [];
  for (const area of pack.threatAreas) {
    const codes = new Set(area.behaviours.map((b) => b.code));
    area.behaviours.forEach((b) => behaviourCodes.add(b.code));
    for (const q of area.questions) {
      questionIds.push(q.id);
      const where = `question ${q.id}`;
      const measured = new Map(q.behaviours.map((b) => [b.code, b.max]));
      for (const code of measured.keys())
        if (!codes.has(code)) problems.push(`${where}: behaviour ${code} is not in ${area.id}`);
      // The most an employee can earn per behaviour across the question's blocks must equal its stated max.
      const best = new Map<string, number>();
      for (const block of q.blocks) {
        if (block.type === 'multiple-choice') {
          for (const code of measured.keys()) {
            const top = Math.max(...block.options.map((o) => o.scores[code] ?? 0));
            best.set(code, (best.get(code) ?? 0) + top);
          }
        } else if (block.type === 'yes-no-list') {
          for (const code of measured.keys()) {
            const top = block.items.reduce((sum, i) => sum + Math.max(i.yes[code] ?? 0, i.no[code] ?? 0), 0);
            best.set(code, (best.get(code) ?? 0) + top);
          }
        } else if (block.type === 'image' && !existsSync(path.join(dir, 'media', block.src))) {
          problems.push(`${where}: image ${block.src} is missing`);
        }
        if (block.type === 'multiple-choice' || block.type === 'yes-no-list') {
          const scored =
            block.type === 'multiple-choice'
              ? block.options.map((o) => o.scores)
              : block.items.flatMap((i) => [i.yes, i.no]);
          for (const scores of scored)
            for (const code of Object.keys(scores))
              if (!measured.has(code)) problems.push(`${where}: scores unmeasured ${code}`);
        }
      }
      for (const [code, max] of measured)
        if ((best.get(code) ?? 0) !== max)
          problems.push(`${where}: ${code} max ${max} but best answers give ${best.get(code) ?? 0}`);
      if (!q.blocks.some((b) => b.type === 'multiple-choice' || b.type === 'yes-no-list'))
        problems.push(`${where}: has nothing to answer`);
    }
  }
  for (const id of duplicates(questionIds)) problems.push(`question ${id} is defined twice`);
  const allQuestions = new Set(questionIds);

  for (const t of pack.trainingTemplates)
    for (const id of t.subjects)
      if (!subjectIds.has(id)) problems.push(`training template ${t.id}: unknown subject ${id}`);
  for (const t of pack.assessmentTemplates)
    for (const id of t.questions)
      if (!allQuestions.has(id)) problems.push(`assessment template ${t.id}: unknown question ${id}`);
  for (const m of pack.materials) {
    if (!existsSync(path.join(dir, 'media', m.image)))
      problems.push(`material ${m.id}: image ${m.image} is missing`);
    for (const file of Object.values(m.files))
      if (!existsSync(path.join(dir, 'media', file)))
        problems.push(`material ${m.id}: file ${file} is missing`);
  }
  if (behaviourCodes.size === 0) problems.push('no key behaviours');
  return problems;
}

/** The languages every text of an interactive subject has: English and German (issue 25), and French and Spanish as the rest of the pack. */
export const INTERACTIVE_LANGUAGES = ['en', 'de', 'fr', 'es'];
/** An interactive subject's data and illustrations, gzip-compressed, stay within this (for phones). */
export const INTERACTIVE_MAX_COMPRESSED_BYTES = 150 * 1024;

/** Every localized text inside a value (an object with an `en` string). */
function localizedTexts(value: unknown, found: Record<string, string>[] = []): Record<string, string>[] {
  if (Array.isArray(value)) value.forEach((v) => localizedTexts(v, found));
  else if (value && typeof value === 'object') {
    if (typeof (value as { en?: unknown }).en === 'string') found.push(value as Record<string, string>);
    else Object.values(value).forEach((v) => localizedTexts(v, found));
  }
  return found;
}

/**
 * An interactive subject's data and illustrations, each gzip-compressed: its JSON, its thumbnail
 * (media/thumbs/{id}.*) and its illustrations (media/interactive/{id}/).
 */
export function interactiveCompressedBytes(s: ContentSubject, dir: string): number {
  const media = path.join(dir, 'media');
  const thumbs = path.join(media, 'thumbs');
  const own = path.join(media, 'interactive', s.id);
  const files = [
    ...(existsSync(thumbs) ? readdirSync(thumbs).filter((f) => f.startsWith(`${s.id}.`)) : []).map((f) =>
      path.join(thumbs, f),
    ),
    ...(existsSync(own) ? readdirSync(own).map((f) => path.join(own, f)) : []),
  ];
  const data = [Buffer.from(JSON.stringify(s)), ...files.map((f) => readFileSync(f))];
  return data.reduce((sum, b) => sum + gzipSync(b).length, 0);
}

/**
 * An interactive subject's structure: its threat area and behaviours exist, every flag is on an element
 * the scene draws (so it can be found) and trains one of the subject's behaviours, ids are unique, each
 * decision has a right choice, every text has the required languages, and it is light enough for phones.
 */
function checkInteractive(s: ContentSubject, pack: ContentPack, dir: string): string[] {
  const where = `subject ${s.id}`;
  const body = s.interactive;
  if (!body) return [`${where}: an interactive subject needs its scenes`];
  const problems: string[] = [];
  const area = pack.threatAreas.find((a) => a.id === body.threatArea);
  if (!area) problems.push(`${where}: unknown threat area ${body.threatArea}`);
  const areaCodes = new Set(area?.behaviours.map((b) => b.code));
  for (const code of body.behaviours)
    if (area && !areaCodes.has(code)) problems.push(`${where}: behaviour ${code} is not in ${area.id}`);
  const trained = new Set(body.behaviours);
  for (const id of duplicates(body.scenes.map((sc) => sc.id))) problems.push(`${where}: scene ${id} twice`);
  const flagIds: string[] = [];
  for (const scene of body.scenes) {
    const at = `${where} scene ${scene.id}`;
    const elements = interactiveElements(scene);
    for (const id of duplicates(elements)) problems.push(`${at}: element ${id} twice`);
    const present = new Set(elements);
    for (const flag of scene.flags) {
      flagIds.push(flag.id);
      if (!present.has(flag.element))
        problems.push(`${at}: flag ${flag.id} is on missing element ${flag.element}`);
      if (!trained.has(flag.behaviour))
        problems.push(`${at}: flag ${flag.id} trains unlisted ${flag.behaviour}`);
    }
    for (const id of duplicates(scene.flags.map((f) => f.element)))
      problems.push(`${at}: two flags on element ${id}`);
    if (elements.length <= scene.flags.length) problems.push(`${at}: needs elements without a flag`);
    if (!scene.decision.choices.some((c) => c.correct)) problems.push(`${at}: no right choice`);
    const decided = scene.decision.behaviour;
    if (decided && !trained.has(decided)) problems.push(`${at}: decision trains unlisted ${decided}`);
  }
  for (const id of duplicates(flagIds)) problems.push(`${where}: flag ${id} twice`);
  const used = body.scenes.flatMap((sc) => [...sc.flags.map((f) => f.behaviour), sc.decision.behaviour]);
  for (const code of body.behaviours)
    if (!used.includes(code)) problems.push(`${where}: no flag trains ${code}`);
  for (const text of localizedTexts([s.title, s.description, body]))
    for (const lang of INTERACTIVE_LANGUAGES)
      if (!text[lang]) problems.push(`${where}: "${(text.en ?? '').slice(0, 40)}" has no ${lang} text`);
  const bytes = interactiveCompressedBytes(s, dir);
  if (bytes > INTERACTIVE_MAX_COMPRESSED_BYTES)
    problems.push(`${where}: ${bytes} bytes compressed, more than ${INTERACTIVE_MAX_COMPRESSED_BYTES}`);
  return problems;
}

/**
 * How much the options of the single-choice (multiple-choice) actions give their best answer away in
 * `lang`: how often the best answer (the option with the most points) is the longest or the shortest
 * option, or longer than the other options on average, and where it sits — beside what chance gives.
 */
export interface AnswerCues {
  actions: number;
  /** Best answer is the longest option (or as long as the longest). */
  longest: number;
  /** Best answer is the shortest option (or as short as the shortest). */
  shortest: number;
  /** How often either would be by chance: the sum over the actions of 1 ÷ their number of options. */
  byChance: number;
  /** Best answer is longer than the mean of the other options. */
  longerThanOthers: number;
  /** Per position (0 = first option): actions whose best answer is there, and how many by chance. */
  positions: { best: number; byChance: number }[];
}

export function answerCues(areas: ContentPack['threatAreas'], lang: string): AnswerCues {
  const cues: AnswerCues = {
    actions: 0,
    longest: 0,
    shortest: 0,
    byChance: 0,
    longerThanOthers: 0,
    positions: [],
  };
  const points = (scores: Record<string, number>) => Object.values(scores).reduce((a, b) => a + b, 0);
  for (const block of areas.flatMap((a) => a.questions.flatMap((q) => q.blocks))) {
    if (block.type !== 'multiple-choice') continue;
    const totals = block.options.map((o) => points(o.scores));
    const best = totals.indexOf(Math.max(...totals));
    const lengths = block.options.map((o) => localize(o.label, lang).length);
    const others = lengths.filter((_, i) => i !== best);
    cues.actions++;
    if (lengths[best]! >= Math.max(...others)) cues.longest++;
    if (lengths[best]! <= Math.min(...others)) cues.shortest++;
    if (lengths[best]! > others.reduce((a, b) => a + b, 0) / others.length) cues.longerThanOthers++;
    cues.byChance += 1 / lengths.length;
    lengths.forEach((_, i) => {
      const at = (cues.positions[i] ??= { best: 0, byChance: 0 });
      at.byChance += 1 / lengths.length;
      if (i === best) at.best++;
    });
  }
  return cues;
}
