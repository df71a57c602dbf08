/**
 * SCORM and cmi5 packages: the SCORM tables, building and streaming a package, the /cmi5 admin, and
 * the launches from LMSs (package sessions). A SCORM program is a training or an assessment with
 * `isScorm` (the kinds' own save); an LMS learner becomes an employee of the company (source 'lms',
 * their LMS id as external id) reached by the program's package event, so the program's reports,
 * figures and learner pages treat them like anyone the program was sent to.
 */
import { createHmac, randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import {
  AssessmentSave,
  answerOrder,
  CAMPAIGN_STATUS_INFO,
  assessmentPermissions,
  LEARNER_LINK_PARAM,
  localize,
  localizeInteractive,
  type LocalizedInteractive,
  PACKAGE_LIMITS,
  PACKAGE_MASTERY_SCORE,
  PACKAGE_MESSAGES,
  packageFileName,
  PACKAGE_ROUTES,
  SUBJECT_TYPES,
  trainingPermissions,
  type Cmi5CreateParsed,
  type PackageFormat,
  type PackageKind,
  type PackageState,
  type PackageVariant,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Cmi5UnitRow } from '../../db/schema/index.ts';
import {
  admitEmployees,
  loadEntitlementInput,
  requireActive,
  requireFeature,
} from '../../lib/entitlements.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { AppError, NotFound } from '../../http/errors.ts';
import { publicScope } from '../../http/guards.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { removeAssessment, saveAssessment } from '../assessments/assessments.service.ts';
import { firstEventOf, insertLearnerToken, insertSentDelivery } from '../campaigns/campaigns.service.ts';
import { CONTENT_DIR } from '../content/content-pack.ts';
import { hashToken } from '../auth/tokens.ts';
import {
  LAUNCH_PAGE,
  manifestOf,
  SCORM12_SCHEMAS,
  SCORM2004_SCHEMAS,
  type ManifestInput,
  type ManifestUnit,
} from './packages.manifest.ts';
import * as q from './packages.queries.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNTIME_DIR = path.join(here, 'runtime');
const SCHEMA_DIR = path.join(here, 'fixtures', 'xsd');
const MEDIA_DIR = path.join(CONTENT_DIR, 'media');
const APPS_DIR = path.resolve(here, '../../../..');
/** The manager app's dictionaries: the player's texts (`catalog.player`) and the package's own. */
const LOCALES_DIR = path.join(APPS_DIR, 'web/public/static/locales');
/** The interactive subjects' player of self-contained packages (apps/embed, vite.package.config.ts). */
const EMBED_DIST = path.join(APPS_DIR, 'embed/dist');
const INTERACTIVE_PLAYER = ['interactive.js', 'interactive.css'] as const;

// —— The package key ———————————————————————————————————————————————————————————————————————————————

const KIND_LETTER: Record<PackageKind, string> = { training: 't', assessment: 'a', cmi5: 'c' };
const LETTER_KIND: Record<string, PackageKind> = { t: 'training', a: 'assessment', c: 'cmi5' };

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`vigil-package:${body}`).digest('base64url').slice(0, 32);

/**
 * The per-package key a dispatch zip carries: the kind and id, signed with SECRET_KEY. It is derived,
 * not stored, so every download of a program carries the same key and nothing secret sits in the
 * database; deleting the program (or changing SECRET_KEY) ends it.
 */
export function packageKey(secret: string, kind: PackageKind, id: string): string {
  const body = `${KIND_LETTER[kind]}${id.replaceAll('-', '')}`;
  return `${body}.${mac(secret, body)}`;
}

export function readPackageKey(secret: string, key: string): { kind: PackageKind; id: string } | null {
  const m = /^([tac])([0-9a-f]{32})\.([\w-]{32})$/.exec(key);
  if (!m) return null;
  const body = `${m[1]}${m[2]}`;
  const want = Buffer.from(mac(secret, body));
  const got = Buffer.from(m[3]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const hex = m[2]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { kind: LETTER_KIND[m[1]!]!, id };
}

// —— What a package holds ——————————————————————————————————————————————————————————————————————————

interface LocalSubject {
  id: string;
  title: string;
  video: { file: string; captions: string | null } | null;
  questions: { question: string; answers: string[]; correct: number }[];
  /** An interactive subject (type 5): its scenes in the package's language, grading included. */
  interactive: LocalizedInteractive | null;
  /** Its illustration (the subject's thumbnail) and the text for it. */
  illustration: { file: string; alt: string } | null;
}

interface PackageSource {
  kind: PackageKind;
  id: string;
  uniqueId: string;
  name: string;
  description: string;
  objective?: { title: string; description: string };
  units: ManifestUnit[];
  /** Trainings: the subjects, for a self-contained package. */
  subjects: LocalSubject[];
  /** The language of the package's texts. */
  lang: string;
}

const refuse = (status: number, description: string) => new AppError(status, 'Bad Request', description);

async function programSource(
  db: Db,
  scope: CompanyScope,
  kind: 'training' | 'assessment',
  id: string,
  lang?: string,
): Promise<PackageSource> {
  const program = await q.scormProgram(db, scope, kind, id);
  if (!program) throw NotFound(PACKAGE_MESSAGES.notFound);
  lang ??= (await q.companyLanguage(db, scope)) ?? 'en';
  if (!program.isScorm) throw refuse(400, PACKAGE_MESSAGES.notScorm);
  if (program.status === 'draft') throw refuse(409, PACKAGE_MESSAGES.notStarted);
  const subjects = kind === 'training' ? await q.subjectsIn(db, program.items) : [];
  const description =
    kind === 'training'
      ? subjects.map((s) => localize(s.title, lang)).join(', ')
      : `${program.items.length} questions`;
  return {
    kind,
    id: program.id,
    uniqueId: program.uniqueId,
    name: program.name,
    description,
    units: [{ id: '1', title: program.name, description }],
    lang,
    subjects: subjects.map((s) => {
      const interactive =
        s.type === SUBJECT_TYPES.interactive && s.body.interactive
          ? localizeInteractive(s.body.interactive, lang)
          : null;
      const media = interactive ? undefined : (s.media[lang] ?? s.media.en ?? Object.values(s.media)[0]);
      return {
        id: s.id,
        title: localize(s.title, lang),
        video: media ? { file: media.video, captions: media.captions } : null,
        interactive,
        illustration:
          interactive && s.thumb
            ? { file: s.thumb, alt: s.body.thumbAlt ? localize(s.body.thumbAlt, lang) : '' }
            : null,
        // The answers in the order every lesson shows them (answerOrder), not the content's (right first).
        questions: (s.body.quiz ?? []).map((quiz, i) => {
          const answers = [localize(quiz.correct, lang), ...quiz.wrong.map((w) => localize(w, lang))];
          const order = answerOrder(s.id, i).filter((k) => k < answers.length);
          return {
            question: localize(quiz.question, lang),
            answers: order.map((k) => answers[k]!),
            correct: order.indexOf(0),
          };
        }),
      };
    }),
  };
}

async function cmi5Source(db: Db, scope: CompanyScope, id: string): Promise<PackageSource> {
  const row = await q.cmi5Row(db, scope, id);
  if (!row) throw NotFound(PACKAGE_MESSAGES.cmi5NotFound);
  return {
    kind: 'cmi5',
    id: row.id,
    uniqueId: row.uniqueId,
    name: row.name,
    description: row.description,
    objective: { title: row.objective, description: row.objectiveDescription },
    units: row.units.map((u) => ({ id: u.id, title: u.auTitle || row.name, description: u.auDescription })),
    subjects: [],
    lang: 'en',
  };
}

export async function sourceOf(db: Db, scope: CompanyScope, kind: PackageKind, id: string, lang?: string) {
  return kind === 'cmi5' ? cmi5Source(db, scope, id) : programSource(db, scope, kind, id, lang);
}

// —— The zip ———————————————————————————————————————————————————————————————————————————————————————

let launchScript: Promise<Buffer> | null = null;
let localScript: Promise<Buffer> | null = null;
const runtimeFile = (name: string) => readFile(path.join(RUNTIME_DIR, name));

/** The built interactive player's files (read per package: a rebuild is picked up without a restart). */
function interactivePlayerFiles(embedDir: string): string[] {
  const files = INTERACTIVE_PLAYER.map((f) => path.join(embedDir, 'package', f));
  const missing = files.find((f) => !existsSync(f));
  if (missing)
    throw new Error(
      `The interactive player of self-contained packages is not built (${missing}): run npm run build.`,
    );
  return files;
}

type Dictionary = { [key: string]: string | Dictionary };
const dictionaries = new Map<string, Promise<Dictionary>>();
function dictionary(lang: string): Promise<Dictionary> {
  const safe = /^[a-z]{2}$/.test(lang) ? lang : 'en';
  let found = dictionaries.get(safe);
  if (!found) {
    found = readFile(path.join(LOCALES_DIR, safe, 'common.json'), 'utf8')
      .then((text) => JSON.parse(text) as Dictionary)
      .catch(() => (safe === 'en' ? {} : dictionary('en')));
    dictionaries.set(safe, found);
  }
  return found;
}
const section = (d: Dictionary, ...keys: string[]) =>
  keys.reduce<Dictionary>((at, k) => (typeof at[k] === 'object' ? at[k] : {}), d);

/**
 * The texts a self-contained package shows, in its language (English where one is missing): its own
 * (next, finish, the score) and, when it holds an interactive subject, the player's.
 */
async function packageTexts(lang: string, interactive: boolean) {
  const [own, en] = await Promise.all([dictionary(lang), dictionary('en')]);
  const merged = (...keys: string[]) => ({ ...section(en, ...keys), ...section(own, ...keys) });
  return {
    ...merged('packages', 'localPlayer'),
    ...(interactive ? { player: merged('catalog', 'player') } : {}),
  };
}

/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const htmlText = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function launchPage(
  title: string,
  config: unknown,
  local: boolean,
  lang: string,
  interactive: boolean,
): string {
  return `<!doctype html>
<html lang="${htmlText(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlText(title)}</title>${interactive ? '\n<link rel="stylesheet" href="vigil/interactive.css">' : ''}
<link rel="stylesheet" href="vigil/package.css">
</head>
<body>
<main>
<p id="vigil-status">Loading…</p>
<iframe id="vigil-frame" title="${htmlText(title)}" hidden allow="autoplay; fullscreen"></iframe>
<div id="vigil-local" hidden></div>
</main>
<script id="vigil-config" type="application/json">${scriptJson(config)}</script>
<script src="vigil/launch.js"></script>${interactive ? '\n<script src="vigil/interactive.js"></script>' : ''}${local ? '\n<script src="vigil/local-player.js"></script>' : ''}
<script>VigilPackage.boot(window)</script>
</body>
</html>
`;
}

const PACKAGE_CSS = `[hidden]{display:none!important}
html,body{margin:0;height:100%;font:16px/1.5 system-ui,sans-serif;color:#1a1b1e}
main{height:100%}#vigil-status{padding:24px}#vigil-frame{border:0;width:100%;height:100%;display:block}
#vigil-local{max-width:800px;margin:0 auto;padding:16px}#vigil-local video{width:100%}
#vigil-local .vigil-button{font:inherit;padding:8px 16px;margin:8px 8px 0 0;border-radius:6px;border:1px solid #1c7c54;background:#1c7c54;color:#fff;cursor:pointer}
#vigil-local fieldset{border:1px solid #ccc;border-radius:6px;margin:12px 0}
#vigil-local .vigil-illustration{display:block;width:100%;max-width:240px;height:auto;margin:0 0 12px}
`;

/** A media file of the content pack ('/media/videos/x.webm'), or null when it is not there. */
function mediaPath(url: string): string | null {
  if (!url.startsWith('/media/')) return null;
  const file = path.resolve(MEDIA_DIR, url.slice('/media/'.length));
  if (!file.startsWith(MEDIA_DIR + path.sep) || !existsSync(file)) return null;
  return file;
}

export interface PackageStream {
  fileName: string;
  stream: Readable;
}

/**
 * Streams the package: the manifest, its schemas, the launch page and runtime, and for a
 * self-contained training its videos and captions, read from disk as the zip is written (never the
 * whole zip in memory).
 */
export async function buildPackage(
  ctx: AppContext,
  source: PackageSource,
  format: PackageFormat,
  variant: PackageVariant,
): Promise<PackageStream> {
  if (variant === 'self-contained' && source.kind !== 'training')
    throw refuse(400, PACKAGE_MESSAGES.selfContainedTrainingsOnly);
  launchScript ??= runtimeFile('launch.js');
  const local = variant === 'self-contained';
  if (local) localScript ??= runtimeFile('local-player.js');
  const interactive = local && source.subjects.some((s) => s.interactive);
  const player = interactive ? interactivePlayerFiles(ctx.config.embedDir ?? EMBED_DIST) : [];
  const zip = new yazl.ZipFile();
  const files: string[] = [LAUNCH_PAGE, 'vigil/launch.js', 'vigil/package.css'];
  const base = {
    kind: source.kind,
    format,
    variant,
    name: source.name,
    masteryScore: PACKAGE_MASTERY_SCORE,
  };
  let config: Record<string, unknown>;
  if (local) {
    files.push('vigil/local-player.js');
    for (const file of player) files.push(`vigil/${path.basename(file)}`);
    const subjects = source.subjects.map((s) => {
      const video = s.video ? mediaPath(s.video.file) : null;
      const captions = s.video?.captions ? mediaPath(s.video.captions) : null;
      const videoName = video ? `media/${s.id}${path.extname(video)}` : null;
      const captionsName = captions ? `media/${s.id}.vtt` : null;
      if (video && videoName) {
        zip.addReadStream(createReadStream(video), videoName, { compress: false });
        files.push(videoName);
      }
      if (captions && captionsName) {
        zip.addReadStream(createReadStream(captions), captionsName);
        files.push(captionsName);
      }
      const illustration = s.illustration ? mediaPath(s.illustration.file) : null;
      const illustrationName = illustration ? `media/${s.id}${path.extname(illustration)}` : null;
      if (illustration && illustrationName) {
        zip.addReadStream(createReadStream(illustration), illustrationName);
        files.push(illustrationName);
      }
      return {
        id: s.id,
        title: s.title,
        video: videoName,
        captions: captionsName,
        questions: s.questions,
        ...(s.interactive
          ? {
              interactive: s.interactive,
              illustration: illustrationName ? { src: illustrationName, alt: s.illustration!.alt } : null,
            }
          : {}),
      };
    });
    config = { ...base, lang: source.lang, texts: await packageTexts(source.lang, interactive), subjects };
  } else {
    config = {
      ...base,
      key: packageKey(ctx.config.secretKey, source.kind, source.id),
      server: ctx.config.publicUrl,
    };
  }
  const manifestInput: ManifestInput = {
    kind: source.kind,
    uniqueId: source.uniqueId,
    title: source.name,
    description: source.description,
    objective: source.objective,
    units: source.units,
    files,
  };
  const manifest = manifestOf(format, manifestInput);
  zip.addBuffer(Buffer.from(manifest.text), manifest.name);
  const schemas =
    format === 'scorm12'
      ? SCORM12_SCHEMAS.map((f) => path.join(SCHEMA_DIR, 'scorm12', f))
      : format === 'scorm2004'
        ? SCORM2004_SCHEMAS.map((f) => path.join(SCHEMA_DIR, 'scorm2004', f))
        : [];
  for (const file of schemas) zip.addReadStream(createReadStream(file), path.basename(file));
  zip.addBuffer(Buffer.from(launchPage(source.name, config, local, source.lang, interactive)), LAUNCH_PAGE);
  zip.addBuffer(await launchScript, 'vigil/launch.js');
  zip.addBuffer(Buffer.from(PACKAGE_CSS), 'vigil/package.css');
  if (local) zip.addBuffer(await localScript!, 'vigil/local-player.js');
  for (const file of player) zip.addReadStream(createReadStream(file), `vigil/${path.basename(file)}`);
  zip.end();
  return { fileName: packageFileName(source.name, format), stream: zip.outputStream as unknown as Readable };
}

async function requirePackagesAllowed(db: Db, scope: CompanyScope) {
  const input = await loadEntitlementInput(db, scope);
  if (!input) throw NotFound('Company not found.');
  requireFeature(input, 'scorm');
  return input;
}

export async function downloadPackage(
  ctx: AppContext,
  tenant: TenantContext,
  kind: PackageKind,
  id: string,
  format: PackageFormat,
  variant: PackageVariant,
  lang?: string,
) {
  await requirePackagesAllowed(ctx.db, tenant);
  return buildPackage(ctx, await sourceOf(ctx.db, tenant, kind, id, lang), format, variant);
}

/** The wizard's create-package action: the program is a started SCORM program; its zip's address. */
export async function createPackage(
  ctx: AppContext,
  tenant: TenantContext,
  kind: 'training' | 'assessment',
  id: string,
  format: PackageFormat,
  variant: PackageVariant,
) {
  await requirePackagesAllowed(ctx.db, tenant);
  const source = await sourceOf(ctx.db, tenant, kind, id);
  if (variant === 'self-contained' && kind !== 'training')
    throw refuse(400, PACKAGE_MESSAGES.selfContainedTrainingsOnly);
  const route = kind === 'training' ? PACKAGE_ROUTES.trainingPackage : PACKAGE_ROUTES.assessmentPackage;
  return {
    kind,
    id: source.id,
    uniqueId: source.uniqueId,
    name: source.name,
    format,
    variant,
    downloadPath: `/api${route(tenant.companyId, id)}?format=${format}&variant=${variant}`,
    fileName: packageFileName(source.name, format),
  };
}

// —— The SCORM tables ——————————————————————————————————————————————————————————————————————————————

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : null);
const figures = (f: { learners: number; completed: number; score: number | null } | undefined) => ({
  learners: f?.learners ?? 0,
  completed: f?.completed ?? 0,
  completion: f ? percent(f.completed, f.learners) : null,
  score: f?.score === null || f?.score === undefined ? null : Math.round(f.score),
});
const pageOf = (p: { p: number; n: number; q?: string | undefined }) => ({
  q: p.q,
  offset: (p.p - 1) * p.n,
  limit: p.n,
});

export async function scormTrainings(
  db: Db,
  tenant: TenantContext,
  page: { p: number; n: number; q?: string | undefined },
  lang: string,
) {
  const { rows, total } = await q.scormProgramsPage(db, tenant, 'training', pageOf(page));
  const names = new Map(
    (await q.subjectsIn(db, [...new Set(rows.flatMap((r) => r.items))])).map((s) => [
      s.id,
      localize(s.title, lang),
    ]),
  );
  const isAdmin = tenant.role === 1;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      uniqueId: r.uniqueId,
      name: r.name,
      status: r.status,
      statusInfo: CAMPAIGN_STATUS_INFO[r.status],
      subjectsNames: r.items.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])),
      created: r.createdAt.toISOString(),
      ...figures(r.figures),
      ...trainingPermissions({
        status: r.status,
        isScorm: true,
        isAdmin,
        eventsTotal: 0,
        eventsSent: 0,
        score: 0,
        total: 0,
      }),
    })),
    total,
  };
}

export async function scormAssessments(
  db: Db,
  tenant: TenantContext,
  page: { p: number; n: number; q?: string | undefined },
) {
  const { rows, total } = await q.scormProgramsPage(db, tenant, 'assessment', pageOf(page));
  const isAdmin = tenant.role === 1;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      uniqueId: r.uniqueId,
      name: r.name,
      status: r.status,
      statusInfo: CAMPAIGN_STATUS_INFO[r.status],
      questionsCount: r.items.length,
      created: r.createdAt.toISOString(),
      ...figures(r.figures),
      ...assessmentPermissions({ status: r.status, isScorm: true, isAdmin }),
    })),
    total,
  };
}

// —— The /cmi5 admin ———————————————————————————————————————————————————————————————————————————————

async function presentCmi5(
  db: Db,
  tenant: TenantContext,
  rows: (Awaited<ReturnType<typeof q.cmi5Row>> & {})[],
  figs: Map<string, Parameters<typeof figures>[0]>,
  lang: string,
) {
  const titles = await q.questionTitles(db, [
    ...new Set(rows.flatMap((r) => r.units.flatMap((u) => u.questions))),
  ]);
  const input = await loadEntitlementInput(db, tenant);
  const validTo = input?.subscription?.package_valid_to ?? input?.trial_ends ?? null;
  return rows.map((r) => ({
    id: r.id,
    uniqueId: r.uniqueId,
    name: r.name,
    validTo: validTo ? new Date(validTo).toISOString() : null,
    format: r.format,
    created: r.createdAt.toISOString(),
    definition: {
      description: r.description,
      objective: r.objective,
      objectiveDescription: r.objectiveDescription,
      assignableUnits: r.units.map((u) => ({
        id: u.id,
        auTitle: u.auTitle,
        auDescription: u.auDescription,
        questions: u.questions.map((id) => ({
          id,
          title: localize(titles.get(id) as Parameters<typeof localize>[0], lang) || id,
        })),
      })),
    },
    ...figures(figs.get(r.id)),
  }));
}

export async function listCmi5(
  db: Db,
  tenant: TenantContext,
  page: { p: number; n: number; q?: string | undefined },
  lang = 'en',
) {
  await requirePackagesAllowed(db, tenant);
  const { rows, total } = await q.cmi5Page(db, tenant, pageOf(page));
  const figs = new Map(rows.map((r) => [r.id, r.figures]));
  return { rows: await presentCmi5(db, tenant, rows, figs, lang), total };
}

export async function getCmi5(db: Db, tenant: TenantContext, id: string, lang = 'en') {
  await requirePackagesAllowed(db, tenant);
  const row = await q.cmi5Row(db, tenant, id);
  if (!row) throw NotFound(PACKAGE_MESSAGES.cmi5NotFound);
  return (await presentCmi5(db, tenant, [row], new Map(), lang))[0]!;
}

/**
 * Creates a cmi5 package: each assignable unit is played as a SCORM assessment of its questions (made
 * here through the assessments' own save, so its questions are checked against the plan and its
 * results reach the assessment reports), and the package keeps the units' texts.
 */
export async function createCmi5(db: Db, tenant: TenantContext, input: Cmi5CreateParsed, lang = 'en') {
  await requirePackagesAllowed(db, tenant);
  const units: Cmi5UnitRow[] = [];
  for (const [i, u] of input.assignableUnits.entries()) {
    const saved = await saveAssessment(
      db,
      tenant,
      null,
      AssessmentSave.parse({
        name: `${input.name} – ${u.auTitle || `Unit ${i + 1}`}`.slice(0, PACKAGE_LIMITS.nameMax),
        status: 'scheduled',
        isScorm: true,
        questions: u.questions,
        userLists: [],
        channel: 1,
        scheduleType: 1,
        reminders_enabled: false,
        reminders_settings: { channel: 1, steps: [] },
        personalizeEnabled: false,
      }),
    );
    units.push({
      id: String(i + 1),
      auTitle: u.auTitle,
      auDescription: u.auDescription,
      questions: u.questions,
      assessmentId: saved.assessment.id,
    });
  }
  const row = await q.insertCmi5(db, tenant, {
    name: input.name,
    description: input.description,
    objective: input.objective,
    objectiveDescription: input.objectiveDescription,
    format: input.format,
    units,
    createdBy: tenant.userId,
  });
  return (await presentCmi5(db, tenant, [row], new Map(), lang))[0]!;
}

export async function deleteCmi5(db: Db, tenant: TenantContext, id: string) {
  await requirePackagesAllowed(db, tenant);
  const row = await q.cmi5Row(db, tenant, id);
  if (!row) throw NotFound(PACKAGE_MESSAGES.cmi5NotFound);
  // The units' assessments go too where nobody has taken them yet; taken ones keep their results.
  for (const u of row.units) await removeAssessment(db, tenant, u.assessmentId).catch(() => undefined);
  await q.deleteCmi5(db, tenant, id);
  return { success: true as const };
}

// —— Launches from an LMS ——————————————————————————————————————————————————————————————————————————

export interface SessionInput {
  key: string;
  format: PackageFormat;
  learnerId: string;
  learnerName: string;
  unitId?: string | undefined;
  suspendData: string;
}

/** An LMS learner's employee address: stable per company and LMS id, never mailed (.invalid). */
const lmsEmail = (companyId: string, lmsLearnerId: string) =>
  `lms-${createHash('sha256').update(`${companyId}:${lmsLearnerId}`).digest('hex').slice(0, 24)}@lms.invalid`;

/** The learner page a launch frames carries this query, so the server lets an LMS's page frame it. */
export const PACKAGE_PAGE_QUERY = 'package=1';
export const isPackagePage = (url: string) => /^\/learn\/?\?(.*&)?package=1(&|$)/.test(url);

const keyInvalid = () => new AppError(401, 'Unauthorized', PACKAGE_MESSAGES.keyInvalid);

/**
 * A launch: checks the key and the company's licence, makes (or finds) the LMS learner's employee and
 * seat, reaches them with the program's package event, and answers the session token and the learner
 * page the launch page frames.
 */
export async function openSession(ctx: AppContext, input: SessionInput, now = new Date()) {
  const key = readPackageKey(ctx.config.secretKey, input.key);
  if (!key) throw keyInvalid();
  const companyId = await q.companyOfPackageAcrossCompanies(ctx.db, key.kind, key.id);
  if (!companyId) throw keyInvalid();
  const scope = publicScope(companyId, 'package-launch');
  const entitlement = await loadEntitlementInput(ctx.db, scope);
  if (!entitlement) throw keyInvalid();
  requireActive(entitlement, now);
  requireFeature(entitlement, 'scorm');
  // A cmi5 package's unit is played as its assessment.
  let kind: 'training' | 'assessment';
  let programId: string;
  if (key.kind === 'cmi5') {
    const row = await q.cmi5Row(ctx.db, scope, key.id);
    const unit = row?.units.find((u) => u.id === (input.unitId ?? '1')) ?? row?.units[0];
    if (!unit) throw keyInvalid();
    kind = 'assessment';
    programId = unit.assessmentId;
  } else {
    kind = key.kind;
    programId = key.id;
  }
  const program = await q.scormProgram(ctx.db, scope, kind, programId);
  if (!program || !program.isScorm || program.status === 'draft') throw keyInvalid();
  const email = lmsEmail(companyId, input.learnerId);
  const sessionToken = randomBytes(32).toString('base64url');
  const learnerToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PACKAGE_LIMITS.sessionHours * 3_600_000);
  await ctx.db.transaction(async (tx) => {
    // A seat for this billing month, as anyone joining a list takes one (refused beyond the plan).
    await admitEmployees(tx, scope, [email]);
    let employeeId = await q.lmsEmployee(tx, scope, email);
    if (!employeeId) {
      employeeId = await q.insertLmsEmployee(tx, scope, {
        email,
        name: input.learnerName || input.learnerId,
        externalId: input.learnerId,
      });
    }
    const listId = await q.packageList(
      tx,
      scope,
      kind,
      programId,
      `LMS learners: ${program.name}`.slice(0, 100),
    );
    await q.joinList(tx, scope, listId, employeeId);
    // The program's package event: its first event, one sent batch of every subject (trainings) or
    // the invitation (assessments), made at the first launch; the learner's delivery hangs on it, so
    // the program's reports, figures and learner pages count them like anyone it was sent to.
    if (kind === 'training') {
      const eventId = await firstEventOf(tx, scope, kind, programId, { subjectIds: program.items }, now);
      await insertSentDelivery(
        tx,
        scope,
        kind,
        { eventId, campaignId: programId, employeeId, channel: 1 },
        now,
      );
    } else {
      await firstEventOf(tx, scope, kind, programId, {}, now);
      await q.inviteToAssessment(tx, scope, { assessmentId: programId, employeeId });
    }
    const learner = await q.upsertLearner(tx, scope, {
      kind: key.kind,
      packageId: key.id,
      lmsLearnerId: input.learnerId,
      employeeId,
      format: input.format,
      unitId: key.kind === 'cmi5' ? (input.unitId ?? '1') : null,
      suspendData: input.suspendData,
    });
    await q.insertSession(tx, scope, {
      tokenHash: hashToken(sessionToken),
      learnerId: learner.id,
      expiresAt,
    });
    await insertLearnerToken(tx, { tokenHash: hashToken(learnerToken), employeeId, companyId });
  });
  const link = `${ctx.config.learnerUrl}/?${PACKAGE_PAGE_QUERY}#${LEARNER_LINK_PARAM}=${encodeURIComponent(learnerToken)}`;
  return {
    token: sessionToken,
    contentUrl: kind === 'assessment' ? `${link}&go=assessments/${programId}` : link,
    expiresAt: expiresAt.toISOString(),
  };
}

const sessionExpired = () => new AppError(401, 'Unauthorized', PACKAGE_MESSAGES.sessionExpired);

/** The session of a token, refreshed; 401 once it ended. */
async function sessionOf(db: Db, token: string, now: Date) {
  const hash = hashToken(token);
  const found = await q.sessionByHashAcrossCompanies(db, hash);
  if (!found || found.session.expiresAt <= now) throw sessionExpired();
  if (found.session.expiresAt.getTime() - now.getTime() < (PACKAGE_LIMITS.sessionHours * 3_600_000) / 2)
    await q.extendSession(db, hash, new Date(now.getTime() + PACKAGE_LIMITS.sessionHours * 3_600_000));
  return { ...found, scope: publicScope(found.session.companyId, 'package-session') };
}

/** Status, score and suspend data for the LMS, from the learner's progress in the program. */
export async function sessionState(ctx: AppContext, token: string, now = new Date()): Promise<PackageState> {
  const { learner, scope } = await sessionOf(ctx.db, token, now);
  let programKind: 'training' | 'assessment' = learner.kind === 'training' ? 'training' : 'assessment';
  let programId = learner.packageId;
  if (learner.kind === 'cmi5') {
    const row = await q.cmi5Row(ctx.db, scope, learner.packageId);
    const unit = row?.units.find((u) => u.id === learner.unitId) ?? row?.units[0];
    if (!unit) throw sessionExpired();
    programKind = 'assessment';
    programId = unit.assessmentId;
  }
  let state: Omit<PackageState, 'suspendData' | 'masteryScore'>;
  if (programKind === 'training') {
    const s = await q.trainingStanding(ctx.db, scope, programId, learner.employeeId);
    const done = !!s && s.delivered > 0 && s.finished >= s.delivered;
    const score = s && s.answered > 0 ? Math.round((100 * s.correct) / s.answered) : null;
    state = {
      completion:
        !s || s.finished === 0
          ? learner.launches > 0
            ? 'incomplete'
            : 'not attempted'
          : done
            ? 'completed'
            : 'incomplete',
      success: !done ? 'unknown' : score === null || score >= PACKAGE_MASTERY_SCORE ? 'passed' : 'failed',
      score,
      finished: done,
    };
  } else {
    const s = await q.assessmentStanding(ctx.db, scope, programId, learner.employeeId);
    const done = !!s?.finishedAt;
    const score = done && s?.score !== null && s?.score !== undefined ? Math.round(s.score) : null;
    state = {
      completion: done ? 'completed' : 'incomplete',
      success: !done ? 'unknown' : (score ?? 0) >= PACKAGE_MASTERY_SCORE ? 'passed' : 'failed',
      score,
      finished: done,
    };
  }
  if (state.finished && !learner.completedAt)
    await q.updateLearner(ctx.db, scope, learner.id, {
      completedAt: now,
      ...(learner.kind === 'cmi5' && state.score !== null ? { unitScore: state.score } : {}),
    });
  return { ...state, masteryScore: PACKAGE_MASTERY_SCORE, suspendData: learner.suspendData };
}

/** Keeps what the launch page asks to keep for a relaunch (the LMS keeps its own copy). */
export async function saveSuspendData(ctx: AppContext, token: string, suspendData: string, now = new Date()) {
  const { learner, scope } = await sessionOf(ctx.db, token, now);
  await q.updateLearner(ctx.db, scope, learner.id, { suspendData });
  return { success: true as const };
}
