import { CATALOG_MESSAGES, isSubjectAvailable, localize, type SubjectDetail } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { companyById } from '../companies/companies.queries.ts';
import { presentSubscription } from '../companies/companies.presenter.ts';
import { presentSubjectDetail, presentSubjectSummary } from './content.presenter.ts';
import {
  activeSubjects,
  deleteNote,
  insertNote,
  notesOf,
  subjectById,
  updateNote,
} from './content.queries.ts';

async function planOf(db: Db, companyId: string) {
  const record = await companyById(db, companyId);
  return presentSubscription(record?.subscription ?? null);
}

/** The catalogue: categories in order, each with its subjects, marked disabled outside the plan. */
export async function companyCategories(db: Db, tenant: TenantContext, lang: string) {
  const [rows, plan] = await Promise.all([activeSubjects(db), planOf(db, tenant.companyId)]);
  const byCategory = new Map<
    string,
    { id: string; name: string; subjects: ReturnType<typeof presentSubjectSummary>[] }
  >();
  for (const { subject, category } of rows) {
    const entry = byCategory.get(category.id) ?? {
      id: category.id,
      name: localize(category.name, lang),
      subjects: [],
    };
    entry.subjects.push(presentSubjectSummary(subject, category, lang, !isSubjectAvailable(plan, subject)));
    byCategory.set(category.id, entry);
  }
  return [...byCategory.values()];
}

/** Every category with its subjects, for the public embed page (no company, nothing disabled). */
export async function allCategories(db: Db, lang: string) {
  const rows = await activeSubjects(db);
  const byCategory = new Map<
    string,
    { id: string; name: string; subjects: ReturnType<typeof presentSubjectSummary>[] }
  >();
  for (const { subject, category } of rows) {
    const entry = byCategory.get(category.id) ?? {
      id: category.id,
      name: localize(category.name, lang),
      subjects: [],
    };
    entry.subjects.push(presentSubjectSummary(subject, category, lang, false));
    byCategory.set(category.id, entry);
  }
  return [...byCategory.values()];
}

export async function subjectForCompany(
  db: Db,
  tenant: TenantContext,
  id: string,
  lang: string,
): Promise<SubjectDetail> {
  const [row, plan] = await Promise.all([subjectById(db, id), planOf(db, tenant.companyId)]);
  if (!row) throw NotFound('Subject not found.');
  const notes = await notesOf(db, tenant.companyId, id);
  return presentSubjectDetail(
    row.subject,
    row.category,
    lang,
    !isSubjectAvailable(plan, row.subject),
    notes.map((n) => ({
      id: n.id,
      content: n.content,
      created: n.created.toISOString(),
      author: n.author || n.authorEmail || '',
    })),
  );
}

export async function addNote(db: Db, tenant: TenantContext, subjectId: string, content: string) {
  if (!(await subjectById(db, subjectId))) throw NotFound('Subject not found.');
  await insertNote(db, tenant.companyId, subjectId, tenant.userId, content);
  return { message: CATALOG_MESSAGES.noteSaved };
}

export async function editNote(db: Db, tenant: TenantContext, noteId: string, content: string) {
  if (!(await updateNote(db, tenant.companyId, noteId, content))) throw NotFound('Note not found.');
  return { message: CATALOG_MESSAGES.noteSaved };
}

export async function removeNote(db: Db, tenant: TenantContext, noteId: string) {
  if (!(await deleteNote(db, tenant.companyId, noteId))) throw NotFound('Note not found.');
  return { message: CATALOG_MESSAGES.noteDeleted };
}
