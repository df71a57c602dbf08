import {
  CATALOG_MESSAGES,
  isQuestionAvailable,
  isSubjectAvailable,
  localize,
  type QuestionDetail,
  type QuestionSummary,
  type SubjectDetail,
  type SubjectSummary,
} from '@vigil/shared';
import { findUserById } from '../auth/auth.service.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import type { MediaSigner } from '../../lib/signed-media.ts';
import { companyById } from '../companies/companies.service.ts';
import { presentSubscription } from '../companies/companies.presenter.ts';
import {
  presentBlocks,
  presentMaterial,
  presentQuestionSummary,
  presentSubjectDetail,
  presentSubjectSummary,
} from './content.presenter.ts';
import {
  activeCategories,
  activeMaterials,
  activeQuestions,
  activeSubjects,
  activeTemplates,
  activeThreatAreas,
  deleteNote,
  insertNote,
  insertPreviewEvent,
  notesOf,
  questionById,
  subjectById,
  subjectsTrainingBehaviours,
  updateNote,
} from './content.queries.ts';

async function planOf(db: Db, companyId: string) {
  const record = await companyById(db, companyId);
  return presentSubscription(record?.subscription ?? null);
}

type CatalogueRow = Awaited<ReturnType<typeof activeSubjects>>[number];

/** Subjects grouped under their categories, in catalogue order. */
function groupByCategory(
  rows: CatalogueRow[],
  lang: string,
  disabled: (s: CatalogueRow['subject']) => boolean,
) {
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
    entry.subjects.push(presentSubjectSummary(subject, category, lang, disabled(subject)));
    byCategory.set(category.id, entry);
  }
  return [...byCategory.values()];
}

/** The catalogue: categories in order, each with its subjects, marked disabled outside the plan. */
export async function companyCategories(db: Db, tenant: TenantContext, lang: string) {
  const [rows, plan] = await Promise.all([activeSubjects(db), planOf(db, tenant.companyId)]);
  return groupByCategory(rows, lang, (subject) => !isSubjectAvailable(plan, subject));
}

/** Every category with its subjects, for the public embed page (no company, nothing disabled). */
export async function allCategories(db: Db, lang: string) {
  return groupByCategory(await activeSubjects(db), lang, () => false);
}

export async function subjectForCompany(
  db: Db,
  tenant: TenantContext,
  id: string,
  lang: string,
  signer: MediaSigner,
): Promise<SubjectDetail> {
  const [row, plan] = await Promise.all([subjectById(db, id), planOf(db, tenant.companyId)]);
  if (!row) throw NotFound('Subject not found.');
  const notes = await notesOf(db, tenant, id);
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
    signer,
  );
}

/**
 * The subjects the company's plan includes that train any of these key behaviours, as the catalogue
 * lists them, each with the codes (among those asked) it trains; catalogue order.
 */
export async function subjectsForBehaviours(
  db: Db,
  tenant: TenantContext,
  codes: string[],
  lang: string,
): Promise<(SubjectSummary & { trains: string[] })[]> {
  if (codes.length === 0) return [];
  const [rows, plan] = await Promise.all([subjectsTrainingBehaviours(db), planOf(db, tenant.companyId)]);
  return rows.flatMap(({ subject, category, behaviours }) => {
    const trains = codes.filter((c) => behaviours.includes(c));
    if (trains.length === 0 || !isSubjectAvailable(plan, subject)) return [];
    return [{ ...presentSubjectSummary(subject, category, lang, false), trains }];
  });
}

export async function addNote(db: Db, tenant: TenantContext, subjectId: string, content: string) {
  if (!(await subjectById(db, subjectId))) throw NotFound('Subject not found.');
  await insertNote(db, tenant, subjectId, tenant.userId, content);
  return { message: CATALOG_MESSAGES.noteSaved };
}

export async function editNote(db: Db, tenant: TenantContext, noteId: string, content: string) {
  if (!(await updateNote(db, tenant, noteId, content))) throw NotFound('Note not found.');
  return { message: CATALOG_MESSAGES.noteSaved };
}

export async function removeNote(db: Db, tenant: TenantContext, noteId: string) {
  if (!(await deleteNote(db, tenant, noteId))) throw NotFound('Note not found.');
  return { message: CATALOG_MESSAGES.noteDeleted };
}

export async function companyQuestions(
  db: Db,
  tenant: TenantContext,
  lang: string,
): Promise<QuestionSummary[]> {
  const [rows, plan] = await Promise.all([activeQuestions(db), planOf(db, tenant.companyId)]);
  return rows.map(({ question, area }) =>
    presentQuestionSummary(question, area, lang, !isQuestionAvailable(plan, question)),
  );
}

/** A question for preview: blocks localized and personalised with the given or the company's keys. */
export async function questionForCompany(
  db: Db,
  tenant: TenantContext,
  id: string,
  lang: string,
  overrides: Partial<{ companyName: string; companyDomain: string; emailHR: string }>,
): Promise<QuestionDetail> {
  const [row, plan, record, user] = await Promise.all([
    questionById(db, id),
    planOf(db, tenant.companyId),
    companyById(db, tenant.companyId),
    findUserById(db, tenant.userId),
  ]);
  if (!row) throw NotFound('Question not found.');
  const domain = overrides.companyDomain || user?.email.split('@')[1] || 'example.com';
  const keys = {
    companyName: overrides.companyName || record?.company.name || '',
    companyDomain: domain,
    emailHR: overrides.emailHR || `hr@${domain}`,
  };
  const language = row.question.languages.includes(lang) ? lang : 'en';
  return {
    ...presentQuestionSummary(
      { ...row.question, blockTypes: [...new Set(row.question.blocks.map((b) => b.type))] },
      row.area,
      lang,
      !isQuestionAvailable(plan, row.question),
    ),
    language,
    blocks: presentBlocks(row.question.blocks, language, keys),
  };
}

export async function threatAreaDefinitions(db: Db, lang: string) {
  const [areas, rows] = await Promise.all([activeThreatAreas(db), activeQuestions(db)]);
  return areas.map((a) => ({
    id: a.id,
    name: localize(a.name, lang),
    description: localize(a.description, lang),
    behaviours: a.behaviours.map((b) => ({
      code: b.code,
      name: localize(b.name, lang),
      greenThreshold: b.greenThreshold,
    })),
    questionsCount: rows.filter((r) => r.question.areaId === a.id).length,
  }));
}

export async function templates(db: Db, kind: 'training' | 'assessment' | undefined, lang: string) {
  return (await activeTemplates(db, kind)).map(({ id, kind: k, data }) => {
    const training = 'subjects' in data ? data : null;
    return {
      id,
      kind: k,
      name: localize(data.name, lang),
      description: localize(data.description, lang),
      items: training ? training.subjects : 'questions' in data ? data.questions : [],
      tip: training ? localize(training.tip, lang) : null,
      verboseDuration: training ? localize(training.verboseDuration, lang) : null,
      frequency: training ? training.frequency : null,
    };
  });
}

export async function materialsOf(db: Db, kind: 'poster' | 'sticker', lang: string) {
  return (await activeMaterials(db, kind)).map((m) => presentMaterial(m, lang));
}

/** The content browser: subjects, questions and materials, filtered by type, category and language. */
export async function browseContent(
  db: Db,
  tenant: TenantContext,
  query: {
    type?: 'training' | 'assessment' | 'material' | undefined;
    category?: string | undefined;
    language?: string | undefined;
    lang: string;
  },
) {
  const [categories, subjectGroups, questionList, materialRows] = await Promise.all([
    activeCategories(db),
    companyCategories(db, tenant, query.lang),
    companyQuestions(db, tenant, query.lang),
    activeMaterials(db),
  ]);
  const wants = (type: 'training' | 'assessment' | 'material') => !query.type || query.type === type;
  const inLanguage = (langs: string[]) => !query.language || langs.includes(query.language);
  const subjectsList = wants('training')
    ? subjectGroups
        .filter((g) => !query.category || g.id === query.category)
        .flatMap((g) => g.subjects)
        .filter((s) => inLanguage(s.languages))
    : [];
  const materialList = wants('material')
    ? materialRows.map((m) => presentMaterial(m, query.lang)).filter((m) => inLanguage(m.languages))
    : [];
  const questionsList =
    wants('assessment') && !query.category ? questionList.filter((q) => inLanguage(q.languages)) : [];
  const languages = new Set<string>();
  for (const s of subjectGroups.flatMap((g) => g.subjects)) s.languages.forEach((l) => languages.add(l));
  for (const q of questionList) q.languages.forEach((l) => languages.add(l));
  return {
    subjects: subjectsList,
    questions: questionsList,
    materials: materialList,
    languages: [...languages].sort(),
    categories: categories.map((c) => ({ id: c.id, name: localize(c.name, query.lang) })),
  };
}

export async function recordPreviewEvent(db: Db, tenant: TenantContext, subjectId: string, code: number) {
  if (!(await subjectById(db, subjectId))) throw NotFound('Subject not found.');
  await insertPreviewEvent(db, tenant, tenant.userId, subjectId, code);
}

// Used by other modules: the content catalogue, the same for every company.
export { activeSubjects, activeTemplates, subjectById, subjectsWithCategory } from './content.queries.ts';
export { INTERACTIVE_LANGUAGES } from './content-pack.ts';
