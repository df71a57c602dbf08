import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  contentCategories,
  contentMeta,
  contentTemplates,
  materials,
  questions,
  subjects,
  threatAreas,
  type SubjectMedia,
} from '../../db/schema/index.ts';
import { CONTENT_DIR, loadContentPack, type ContentPack } from './content-pack.ts';
import { videoDuration } from './media-duration.ts';

/** Any constant: several processes starting together import the pack once. */
const IMPORT_LOCK = 7_341_903;

/** A fingerprint of every file of the pack, so an unchanged pack is not imported again. */
export function packFingerprint(dir = CONTENT_DIR): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const entry of readdirSync(d).sort()) {
      const full = path.join(d, entry);
      if (statSync(full).isDirectory()) {
        // Media are named below; the phishing library is read at start, not imported.
        if (entry !== 'media' && entry !== 'phishing') walk(full);
      } else if (entry.endsWith('.json')) {
        hash.update(entry).update(readFileSync(full));
      }
    }
  };
  walk(dir);
  const media = path.join(dir, 'media');
  if (existsSync(media)) {
    for (const sub of ['videos', 'thumbs']) {
      const d = path.join(media, sub);
      if (existsSync(d)) hash.update(readdirSync(d).sort().join('|'));
    }
  }
  return hash.digest('hex');
}

/**
 * The generated (or replaced) video and captions of each language that has a file, with the video's
 * length read from the file; and the thumbnail: a JPEG put in place of the illustration wins over it.
 */
function subjectMedia(id: string, dir: string): { media: SubjectMedia; thumb: string | null } {
  const videos = path.join(dir, 'media', 'videos');
  const media: SubjectMedia = {};
  if (existsSync(videos)) {
    for (const file of readdirSync(videos)) {
      const match = file.match(/^(.+)\.([a-zA-Z-]+)\.(webm|mp4)$/);
      if (!match || match[1] !== id) continue;
      const lang = match[2]!;
      const captions = `${id}.${lang}.vtt`;
      const seconds = videoDuration(path.join(videos, file));
      media[lang] = {
        video: `/media/videos/${file}`,
        captions: existsSync(path.join(videos, captions)) ? `/media/videos/${captions}` : null,
        ...(seconds === null ? {} : { duration: Math.round(seconds) }),
      };
    }
  }
  const thumb =
    ['jpg', 'svg'].map((ext) => `thumbs/${id}.${ext}`).find((f) => existsSync(path.join(dir, 'media', f))) ??
    null;
  return { media, thumb: thumb && `/media/${thumb}` };
}

/** The listed length: the English video's (else any video's) as read from the file, else the pack's figure. */
export function listedDuration(media: SubjectMedia, authored: number): number {
  return (media.en ?? Object.values(media)[0])?.duration ?? authored;
}

function languagesOf(blocks: unknown): string[] {
  const langs = new Set<string>();
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.en === 'string') Object.keys(o).forEach((k) => langs.add(k));
      else Object.values(o).forEach(visit);
    }
  };
  visit(blocks);
  return [...langs].sort();
}

async function writePack(db: Db, pack: ContentPack, dir: string): Promise<void> {
  const now = new Date();
  for (const [position, c] of pack.categories.entries()) {
    await db
      .insert(contentCategories)
      .values({ id: c.id, name: c.name, position })
      .onConflictDoUpdate({ target: contentCategories.id, set: { name: c.name, position } });
  }
  for (const [position, s] of pack.subjects.entries()) {
    const { id, type, category, duration, availableForBeta, title, description, ...body } = s;
    const { media, thumb } = subjectMedia(id, dir);
    const values = {
      type,
      categoryId: category,
      duration: listedDuration(media, duration),
      availableForBeta,
      title,
      description,
      body,
      media,
      thumb,
      position,
      retiredAt: null,
      updatedAt: now,
    };
    await db
      .insert(subjects)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: subjects.id, set: values });
  }
  await db
    .update(subjects)
    .set({ retiredAt: now })
    .where(notInArray(subjects.id, pack.subjects.map((s) => s.id).concat('')));

  const [{ maxNumber } = { maxNumber: 0 }] = await db
    .select({ maxNumber: sql<number>`coalesce(max(${questions.number}), 0)`.mapWith(Number) })
    .from(questions);
  let nextNumber = maxNumber;
  for (const [position, area] of pack.threatAreas.entries()) {
    const areaValues = {
      name: area.name,
      description: area.description,
      behaviours: area.behaviours,
      position,
      retiredAt: null,
    };
    await db
      .insert(threatAreas)
      .values({ id: area.id, ...areaValues })
      .onConflictDoUpdate({ target: threatAreas.id, set: areaValues });
    for (const q of area.questions) {
      const values = {
        areaId: area.id,
        name: q.name,
        adminDescription: q.adminDescription,
        difficulty: q.difficulty,
        duration: q.duration,
        behaviours: q.behaviours,
        blocks: q.blocks,
        languages: languagesOf(q.blocks),
        retiredAt: null,
      };
      // A question keeps its number across releases; a new one gets the next.
      const [existing] = await db
        .select({ n: questions.number })
        .from(questions)
        .where(eq(questions.id, q.id));
      await db
        .insert(questions)
        .values({ id: q.id, number: existing?.n ?? ++nextNumber, ...values })
        .onConflictDoUpdate({ target: questions.id, set: values });
    }
  }
  const questionIds = pack.threatAreas.flatMap((a) => a.questions.map((q) => q.id));
  await db
    .update(questions)
    .set({ retiredAt: now })
    .where(notInArray(questions.id, questionIds.concat('')));
  await db
    .update(threatAreas)
    .set({ retiredAt: now })
    .where(notInArray(threatAreas.id, pack.threatAreas.map((a) => a.id).concat('')));

  const templates = [
    ...pack.trainingTemplates.map((data) => ({ id: data.id, kind: 'training' as const, data })),
    ...pack.assessmentTemplates.map((data) => ({ id: data.id, kind: 'assessment' as const, data })),
  ];
  for (const [position, t] of templates.entries()) {
    await db
      .insert(contentTemplates)
      .values({ ...t, position })
      .onConflictDoUpdate({
        target: contentTemplates.id,
        set: { kind: t.kind, data: t.data, position, retiredAt: null },
      });
  }
  await db
    .update(contentTemplates)
    .set({ retiredAt: now })
    .where(notInArray(contentTemplates.id, templates.map((t) => t.id).concat('')));

  for (const [position, m] of pack.materials.entries()) {
    await db
      .insert(materials)
      .values({ id: m.id, kind: m.kind, data: m, position })
      .onConflictDoUpdate({
        target: materials.id,
        set: { kind: m.kind, data: m, position, retiredAt: null },
      });
  }
  await db
    .update(materials)
    .set({ retiredAt: now })
    .where(notInArray(materials.id, pack.materials.map((m) => m.id).concat('')));
}

/**
 * Brings the content tables up to the pack in `dir`: skipped when the pack is unchanged; a pack with
 * problems is refused whole (the previous content stays). Only content tables are written.
 */
export async function importContentPack(
  db: Db,
  dir = CONTENT_DIR,
): Promise<{ imported: boolean; problems: string[] }> {
  if (!existsSync(path.join(dir, 'pack.json')))
    return { imported: false, problems: [`No content pack at ${dir}`] };
  const fingerprint = packFingerprint(dir);
  const [current] = await db.select().from(contentMeta).where(eq(contentMeta.key, 'fingerprint'));
  if (current?.value === fingerprint) return { imported: false, problems: [] };
  const { pack, problems } = loadContentPack(dir);
  if (problems.length > 0) return { imported: false, problems };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const [again] = await tx.select().from(contentMeta).where(eq(contentMeta.key, 'fingerprint'));
    if (again?.value === fingerprint) return;
    await writePack(tx, pack, dir);
    for (const [key, value] of [
      ['fingerprint', fingerprint],
      ['version', String(pack.version)],
    ] as const) {
      await tx
        .insert(contentMeta)
        .values({ key, value })
        .onConflictDoUpdate({ target: contentMeta.key, set: { value, updatedAt: new Date() } });
    }
  });
  return { imported: true, problems: [] };
}
