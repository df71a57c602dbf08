import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

/** Subjects a content release still ships, in catalogue order, with their category. */
export async function activeSubjects(db: Db) {
  return db
    .select({ subject: subjects, category: contentCategories })
    .from(subjects)
    .innerJoin(contentCategories, eq(contentCategories.id, subjects.categoryId))
    .where(isNull(subjects.retiredAt))
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

export async function notesOf(db: Db, companyId: string, subjectId: string) {
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
    .where(and(eq(subjectNotes.companyId, companyId), eq(subjectNotes.subjectId, subjectId)))
    .orderBy(asc(subjectNotes.createdAt));
}

export async function insertNote(
  db: Db,
  companyId: string,
  subjectId: string,
  authorId: string,
  content: string,
) {
  const [row] = await db
    .insert(subjectNotes)
    .values({ companyId, subjectId, authorId, content })
    .returning({ id: subjectNotes.id });
  return row!.id;
}

export async function updateNote(
  db: Db,
  companyId: string,
  noteId: string,
  content: string,
): Promise<boolean> {
  const rows = await db
    .update(subjectNotes)
    .set({ content, updatedAt: new Date() })
    .where(and(eq(subjectNotes.companyId, companyId), eq(subjectNotes.id, noteId)))
    .returning({ id: subjectNotes.id });
  return rows.length > 0;
}

export async function deleteNote(db: Db, companyId: string, noteId: string): Promise<boolean> {
  const rows = await db
    .delete(subjectNotes)
    .where(and(eq(subjectNotes.companyId, companyId), eq(subjectNotes.id, noteId)))
    .returning({ id: subjectNotes.id });
  return rows.length > 0;
}

export async function activeQuestions(db: Db) {
  return db
    .select({ question: questions, area: threatAreas })
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
  companyId: string,
  userId: string,
  subjectId: string,
  code: number,
) {
  await db.insert(subjectPreviewEvents).values({ companyId, userId, subjectId, code });
}
