/**
 * What every assessment report starts from: the assessment (checked to be the company's), its
 * questions, threat areas and key behaviours named in the manager's language, its lists, and its kept
 * aggregates indexed for lookup.
 */
import {
  ASSESSMENT_MESSAGES,
  keyBehaviourCoverage,
  localize,
  namesThreatArea,
  type KeptAggregate,
  type QuestionBlock,
} from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { assessmentRow, questionsByIds } from '../assessments/assessments.service.ts';
import { languageOf, reportLists, statsOf, type StatRow } from './assessment-reports.queries.ts';
import { EVERYONE, STAT_KINDS } from '../../lib/assessment-stats.ts';

export interface ReportQuestion {
  id: string;
  /** Its place in the assessment, from 1. */
  number: number;
  name: string;
  areaId: string;
  behaviours: { code: string; max: number }[];
  blocks: QuestionBlock[];
}

export interface ReportBehaviour {
  code: string;
  name: string;
  areaId: string;
  areaName: string;
  /** Selected questions measuring it ÷ its green threshold, percent, capped at 100. */
  coverage: number;
}

export interface ReportArea {
  id: string;
  name: string;
  /** The name the spec's threat-area codes are made of. */
  englishName: string;
  description: string;
  /** Every behaviour of the area in the content, measured here or not. */
  totalBehaviours: number;
  /** The behaviours the assessment's questions measure, in the area's order. */
  behaviours: ReportBehaviour[];
  questions: ReportQuestion[];
}

export interface ReportContent {
  assessment: { id: string; name: string; isScorm: boolean };
  lang: string;
  questions: ReportQuestion[];
  areas: ReportArea[];
  behaviours: ReportBehaviour[];
  lists: { id: string; name: string }[];
}

/** The assessment and its content, or 404 for one the company does not own. */
export async function reportContent(
  db: Db,
  tenant: TenantContext,
  assessmentId: string,
): Promise<ReportContent> {
  const assessment = await assessmentRow(db, tenant, assessmentId);
  if (!assessment) throw NotFound(ASSESSMENT_MESSAGES.notFound);
  const [lang, found, lists] = await Promise.all([
    languageOf(db, tenant.userId),
    questionsByIds(db, assessment.questionIds),
    reportLists(db, tenant, assessmentId),
  ]);
  const byId = new Map(found.map((r) => [r.question.id, r]));
  const questions: ReportQuestion[] = [];
  for (const id of assessment.questionIds) {
    const row = byId.get(id);
    if (!row) continue;
    questions.push({
      id,
      number: questions.length + 1,
      name: localize(row.question.name, lang),
      areaId: row.question.areaId,
      behaviours: row.question.behaviours,
      blocks: row.question.blocks,
    });
  }
  const areaRows = [...new Map(found.map((r) => [r.area.id, r.area])).values()].sort(
    (a, b) => a.position - b.position,
  );
  const areas = areaRows.map((area): ReportArea => {
    const name = localize(area.name, lang);
    const measured = new Set(questions.flatMap((q) => q.behaviours.map((b) => b.code)));
    const behaviours = area.behaviours
      .filter((b) => measured.has(b.code))
      .map((b) => ({
        code: b.code,
        name: localize(b.name, lang),
        areaId: area.id,
        areaName: name,
        coverage: keyBehaviourCoverage(
          questions.filter((q) => q.behaviours.some((qb) => qb.code === b.code)).length,
          b.greenThreshold,
        ),
      }));
    return {
      id: area.id,
      name,
      englishName: localize(area.name, 'en'),
      description: localize(area.description, lang),
      totalBehaviours: area.behaviours.length,
      behaviours,
      questions: questions.filter((q) => q.areaId === area.id),
    };
  });
  return {
    assessment: { id: assessment.id, name: assessment.name, isScorm: assessment.isScorm },
    lang,
    questions,
    areas,
    behaviours: areas.flatMap((a) => a.behaviours),
    lists,
  };
}

/** The kept aggregates, looked up by list (the nil uuid for everyone), kind and key. */
export class KeptStats {
  private readonly rows = new Map<string, KeptAggregate>();
  constructor(rows: StatRow[]) {
    for (const r of rows)
      this.rows.set(`${r.listId}|${r.kind}|${r.key}`, { sum: r.sum, count: r.count, atRisk: r.atRisk });
  }

  static async load(db: Db, scope: CompanyScope, assessmentId: string): Promise<KeptStats> {
    return new KeptStats(await statsOf(db, scope, assessmentId));
  }

  get(kind: number, key: string, listId: string = EVERYONE): KeptAggregate {
    return this.rows.get(`${listId}|${kind}|${key}`) ?? { sum: 0, count: 0, atRisk: 0 };
  }

  resilience(listId?: string) {
    return this.get(STAT_KINDS.resilience, '', listId);
  }

  /** Finished employees per rounded resilience score. */
  histogram(listId: string = EVERYONE): Map<number, number> {
    const out = new Map<number, number>();
    for (const [k, agg] of this.rows) {
      const [list, kind, key] = k.split('|');
      if (list === listId && Number(kind) === STAT_KINDS.histogram) out.set(Number(key), agg.count);
    }
    return out;
  }
}

/** The report's list, or 404 when the assessment was not sent to it. */
export function checkList(content: ReportContent, listId: string | undefined): void {
  if (listId && !content.lists.some((l) => l.id === listId)) throw NotFound(ASSESSMENT_MESSAGES.unknownList);
}

/** The threat area of the assessment an address or a filter names (by id or spec code), or 404. */
export function areaOf(content: ReportContent, code: string): ReportArea {
  const area = content.areas.find((a) => namesThreatArea(a, code));
  if (!area) throw NotFound('Threat area not found.');
  return area;
}
