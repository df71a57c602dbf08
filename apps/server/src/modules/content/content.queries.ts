import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import {
  contentCategories,
  contentTemplates,
  materials,
  questions,
  subjectNotes,
  subjectPreviewEvents,
  subjects,
  threatAreas,
  users,
} from '../../db/schema/index.ts';

export type SubjectRow = typeof subjects.$inferSelect;

/** A subject as lists show it: everything but the (large) body, with its quiz length and thumbnail text. */
export type SubjectListRow = Omit<SubjectRow, 'body'> & {
  quizCount: number;
  thumbAlt: SubjectRow['body']['thumbAlt'] | null;
};

const subjectListColumns = {
  id: subjects.id,
  type: subjects.type,
  categoryId: subjects.categoryId,
  duration: subjects.duration,
  availableForBeta: subjects.availableForBeta,
  title: subjects.title,
  description: subjects.description,
  media: subjects.media,
  thumb: subjects.thumb,
  position: subjects.position,
  retiredAt: subjects.retiredAt,
  addedAt: subjects.addedAt,
  updatedAt: subjects.updatedAt,
  quizCount: sql<number>`coalesce(jsonb_array_length(${subjects.body}->'quiz'), 0)`.mapWith(Number),
  thumbAlt: sql<SubjectListRow['thumbAlt']>`${subjects.body}->'thumbAlt'`,
};

/** Subjects a content release still ships, in catalogue order, with their category. */
export async function activeSubjects(db: Db) {
  return db
    .select({ subject: subjectListColumns, category: contentCategories })
    .from(subjects)
    .innerJoin(contentCategories, eq(contentCategories.id, subjects.categoryId))
    .where(isNull(subjects.retiredAt))
    .orderBy(asc(contentCategories.position), asc(subjects.position));
}

/**
 * Subjects a content release still ships that name the key behaviours they train (interactive subjects,
 * `interactive.behaviours`), in catalogue order, with their category and those codes.
 */
export async function subjectsTrainingBehaviours(db: Db) {
  const trains = sql`${subjects.body}->'interactive'->'behaviours'`;
  return db
    .select({
      subject: subjectListColumns,
      category: contentCategories,
      behaviours: sql<string[]>`${trains}`,
    })
    .from(subjects)
    .innerJoin(contentCategories, eq(contentCategories.id, subjects.categoryId))
    .where(and(isNull(subjects.retiredAt), sql`jsonb_typeof(${trains}) = 'array'`))
    .orderBy(asc(contentCategories.position), asc(subjects.position));
}

export async function subjectById(db: Db, id: string) {
  const [row] = await db
    .select({ subject: subjects, category: contentCategories })
    .from(subjects)
    .innerJoin(contentCategories, eq(contentCategories.id, subjects.categoryId))
    .where(eq(subjects.id, id));
  return row;
}

/** These subjects with their category, those that exist (retired ones included). */
export async function subjectsWithCategory(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ subject: subjects, category: contentCategories })
    .from(subjects)
    .innerJoin(contentCategories, eq(contentCategories.id, subjects.categoryId))
    .where(inArray(subjects.id, ids));
}

export async function notesOf(db: Db, scope: CompanyScope, subjectId: string) {
  return db
    .select({
      id: subjectNotes.id,
      content: subjectNotes.content,
      created: subjectNotes.createdAt,
      author: users.name,
      authorEmail: users.email,
    })
    .from(subjectNotes)
    .leftJoin(users, eq(users.id, subjectNotes.authorId))
    .where(and(eq(subjectNotes.companyId, scope.companyId), eq(subjectNotes.subjectId, subjectId)))
    .orderBy(asc(subjectNotes.createdAt));
}

export async function insertNote(
  db: Db,
  scope: CompanyScope,
  subjectId: string,
  authorId: string,
  content: string,
) {
  const [row] = await db
    .insert(subjectNotes)
    .values({ companyId: scope.companyId, subjectId, authorId, content })
    .returning({ id: subjectNotes.id });
  return row!.id;
}

export async function updateNote(
  db: Db,
  scope: CompanyScope,
  noteId: string,
  content: string,
): Promise<boolean> {
  const rows = await db
    .update(subjectNotes)
    .set({ content, updatedAt: new Date() })
    .where(and(eq(subjectNotes.companyId, scope.companyId), eq(subjectNotes.id, noteId)))
    .returning({ id: subjectNotes.id });
  return rows.length > 0;
}

export async function deleteNote(db: Db, scope: CompanyScope, noteId: string): Promise<boolean> {
  const rows = await db
    .delete(subjectNotes)
    .where(and(eq(subjectNotes.companyId, scope.companyId), eq(subjectNotes.id, noteId)))
    .returning({ id: subjectNotes.id });
  return rows.length > 0;
}

/** A question as lists show it: without its blocks, with the kinds of block it has. */
export async function activeQuestions(db: Db) {
  return db
    .select({
      question: {
        id: questions.id,
        number: questions.number,
        areaId: questions.areaId,
        name: questions.name,
        adminDescription: questions.adminDescription,
        difficulty: questions.difficulty,
        duration: questions.duration,
        behaviours: questions.behaviours,
        languages: questions.languages,
        // The kinds of block, each once, in the order they first appear.
        blockTypes: sql<string[]>`array(
          select b->>'type' from jsonb_array_elements(${questions.blocks}) with ordinality as x(b, i)
          group by b->>'type' order by min(i))`,
      },
      area: threatAreas,
    })
    .from(questions)
    .innerJoin(threatAreas, eq(threatAreas.id, questions.areaId))
    .where(isNull(questions.retiredAt))
    .orderBy(asc(threatAreas.position), asc(questions.number));
}

export async function questionById(db: Db, id: string) {
  const [row] = await db
    .select({ question: questions, area: threatAreas })
    .from(questions)
    .innerJoin(threatAreas, eq(threatAreas.id, questions.areaId))
    .where(eq(questions.id, id));
  return row;
}

export async function activeThreatAreas(db: Db) {
  return db
    .select()
    .from(threatAreas)
    .where(isNull(threatAreas.retiredAt))
    .orderBy(asc(threatAreas.position));
}

export async function activeTemplates(db: Db, kind?: 'training' | 'assessment') {
  return db
    .select()
    .from(contentTemplates)
    .where(and(isNull(contentTemplates.retiredAt), kind ? eq(contentTemplates.kind, kind) : undefined))
    .orderBy(asc(contentTemplates.position));
}

export async function activeMaterials(db: Db, kind?: 'poster' | 'sticker' | 'file') {
  return db
    .select()
    .from(materials)
    .where(and(isNull(materials.retiredAt), kind ? eq(materials.kind, kind) : undefined))
    .orderBy(asc(materials.position));
}

export async function activeCategories(db: Db) {
  return db.select().from(contentCategories).orderBy(asc(contentCategories.position));
}

export async function insertPreviewEvent(
  db: Db,
  scope: CompanyScope,
  userId: string,
  subjectId: string,
  code: number,
) {
  await db.insert(subjectPreviewEvents).values({ companyId: scope.companyId, userId, subjectId, code });
}
