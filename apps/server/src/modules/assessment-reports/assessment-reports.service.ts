/**
 * The assessment reports (docs/ASSESSMENTS-API.md "Reports"): figures read from the kept aggregates
 * through the shared scoring rules, so every screen and the learner's result agree.
 */
import {
  averageOf,
  behavioursToWorkOn,
  INFOSEC_MIN_RESULTS,
  localize,
  percentOf,
  riskInsights,
  roundScore,
  scoreBand,
  shownBand,
  scoreDistribution,
  type AssessmentOverview,
  type AssessmentReminderView,
  type EmployeeListRow,
  type InfosecSummary,
  type KeptAggregate,
  type KeyBehaviourRow,
  type PublicResilienceScores,
  type QuestionReportRow,
  type RecommendedTraining,
  type RiskInsight,
  type ThreatAreaDetail,
  type ThreatAreaRow,
} from '@vigil/shared';
import type { z } from 'zod';
import { toIso, type Db } from '../../db/client.ts';
import type { TenantContext } from '../../http/tenant.ts';
import {
  areaOf,
  checkList,
  KeptStats,
  reportContent,
  type ReportArea,
  type ReportBehaviour,
  type ReportContent,
  type ReportQuestion,
} from './assessment-report-content.ts';
import {
  areaScoreHistogram,
  companyStanding,
  employeeScoreRows,
  languageOf,
  participantCounts,
  reminderRows,
  summaryAssessment,
  threatAreaNames,
  type ParticipantCounts,
} from './assessment-reports.queries.ts';
import { EVERYONE, STAT_KINDS } from '../../lib/assessment-stats.ts';
import { scoreRangesOfCompany } from '../companies/companies.service.ts';
import { subjectsForBehaviours } from '../content/content.service.ts';

/** At most this many subjects are recommended: a program's worth, not the catalogue. */
const RECOMMENDED_SUBJECTS_MAX = 6;

const weakestOf = <T>(
  items: T[],
  agg: (item: T) => KeptAggregate,
): { item: T; agg: KeptAggregate } | undefined =>
  items
    .map((item) => ({ item, agg: agg(item) }))
    .filter((x) => x.agg.count > 0)
    .sort((a, b) => a.agg.sum / a.agg.count - b.agg.sum / b.agg.count)[0];

function keyBehaviourRow(b: ReportBehaviour, stats: KeptStats, listId?: string): KeyBehaviourRow {
  const agg = stats.get(STAT_KINDS.behaviour, b.code, listId);
  return {
    keyBehaviourName: b.name,
    keyBehaviourCode: b.code,
    threatArea: b.areaName,
    threatAreaId: b.areaId,
    coverage: b.coverage,
    averageScore: averageOf(agg.sum, agg.count),
    usersAtRiskPercentage: percentOf(agg.atRisk, agg.count),
  };
}

function threatAreaRow(area: ReportArea, stats: KeptStats, listId?: string): ThreatAreaRow {
  const agg = stats.get(STAT_KINDS.area, area.id, listId);
  const weakest = weakestOf(area.behaviours, (b) => stats.get(STAT_KINDS.behaviour, b.code, listId));
  return {
    id: area.id,
    area: area.name,
    questionsCount: area.questions.length,
    weakestKeyBehaviour: weakest
      ? {
          name: weakest.item.name,
          code: weakest.item.code,
          score: averageOf(weakest.agg.sum, weakest.agg.count) ?? 0,
        }
      : null,
    averageScore: averageOf(agg.sum, agg.count),
  };
}

function questionRow(
  q: ReportQuestion,
  content: ReportContent,
  stats: KeptStats,
  listId?: string,
): QuestionReportRow {
  const agg = stats.get(STAT_KINDS.question, q.id, listId);
  const area = content.areas.find((a) => a.id === q.areaId);
  const names = new Map(content.behaviours.map((b) => [b.code, b.name]));
  return {
    id: q.id,
    number: q.number,
    name: q.name,
    area: area?.name ?? q.areaId,
    areaId: q.areaId,
    behaviours: q.behaviours.map((b) => ({ code: b.code, name: names.get(b.code) ?? b.code })),
    answered: agg.count,
    average_score_percentage: averageOf(agg.sum, agg.count),
  };
}

function listRows(
  content: ReportContent,
  stats: KeptStats,
  counts: ParticipantCounts[],
  threatArea?: string,
): EmployeeListRow[] {
  const byList = new Map(counts.map((c) => [c.listId, c]));
  return content.lists.map((list) => {
    const c = byList.get(list.id) ?? { total: 0, started: 0, finished: 0 };
    const agg = threatArea ? stats.get(STAT_KINDS.area, threatArea, list.id) : stats.resilience(list.id);
    return {
      listId: list.id,
      listName: list.name,
      employeesCount: c.total,
      started: c.started,
      completionRate: percentOf(c.finished, c.total),
      resilienceScore: averageOf(agg.sum, agg.count),
    };
  });
}

function insightsOf(content: ReportContent, stats: KeptStats): RiskInsight[] {
  return riskInsights({
    keyBehaviours: content.behaviours.map((b) => ({
      code: b.code,
      name: b.name,
      area: b.areaId,
      agg: stats.get(STAT_KINDS.behaviour, b.code),
    })),
    threatAreas: content.areas.map((a) => ({
      id: a.id,
      name: a.name,
      agg: stats.get(STAT_KINDS.area, a.id),
    })),
    lists: content.lists.map((l) => ({ id: l.id, name: l.name, agg: stats.resilience(l.id) })),
    questions: content.questions.map((q) => ({
      id: q.id,
      name: q.name,
      area: q.areaId,
      agg: stats.get(STAT_KINDS.question, q.id),
    })),
  });
}

async function load(db: Db, tenant: TenantContext, assessmentId: string) {
  const content = await reportContent(db, tenant, assessmentId);
  return { content, stats: await KeptStats.load(db, tenant, assessmentId) };
}

/** The report with how many employees each list has, started and finished. */
async function loadWithCounts(db: Db, tenant: TenantContext, assessmentId: string) {
  const [report, counts] = await Promise.all([
    load(db, tenant, assessmentId),
    participantCounts(db, tenant, assessmentId),
  ]);
  return { ...report, counts };
}

/**
 * The report narrowed as a table asks: the whole assessment or one threat area (`scope` has the
 * behaviours and questions of either), figures for everyone or one list (checked here).
 */
async function loadScoped(
  db: Db,
  tenant: TenantContext,
  assessmentId: string,
  q: { threatArea?: string | undefined; listId?: string | undefined },
) {
  const { content, stats } = await load(db, tenant, assessmentId);
  checkList(content, q.listId);
  const scope: Pick<ReportContent, 'behaviours' | 'questions'> = q.threatArea
    ? areaOf(content, q.threatArea)
    : content;
  return { content, stats, scope };
}

async function remindersOf(
  db: Db,
  tenant: TenantContext,
  assessmentId: string,
): Promise<z.infer<typeof AssessmentReminderView>[]> {
  const rows = await reminderRows(db, tenant, assessmentId);
  return rows.map((r) => ({
    id: r.id,
    send: r.sendAt,
    status: r.status === 'scheduled' ? 0 : 1,
    alreadySet: r.status !== 'scheduled',
    sendTo: r.sendTo,
    manual: r.manual,
  }));
}

export async function assessmentOverview(
  db: Db,
  tenant: TenantContext,
  assessmentId: string,
): Promise<AssessmentOverview> {
  const [{ content, stats }, counts, reminders, ranges] = await Promise.all([
    load(db, tenant, assessmentId),
    participantCounts(db, tenant, assessmentId),
    remindersOf(db, tenant, assessmentId),
    scoreRangesOfCompany(db, tenant.companyId),
  ]);
  const everyone = counts.find((c) => c.listId === EVERYONE) ?? { total: 0, started: 0, finished: 0 };
  const resilience = stats.resilience();
  const score = averageOf(resilience.sum, resilience.count);
  return {
    resilienceScore: score,
    band: score === null ? null : shownBand(scoreBand(score, ranges)),
    usersTotal: everyone.total,
    usersStarted: everyone.started,
    usersFinished: everyone.finished,
    completion: percentOf(everyone.finished, everyone.total),
    distribution: scoreDistribution(stats.histogram(), ranges),
    insights: insightsOf(content, stats),
    threatAreas: content.areas.map((a) => threatAreaRow(a, stats)),
    keyBehaviours: content.behaviours.map((b) => keyBehaviourRow(b, stats)),
    listScores: content.lists.length > 1 ? listScoresOf(content, stats, counts) : [],
    reminders,
  };
}

export async function assessmentRiskInsights(db: Db, tenant: TenantContext, assessmentId: string) {
  const { content, stats } = await load(db, tenant, assessmentId);
  return insightsOf(content, stats);
}

export async function threatAreaRows(db: Db, tenant: TenantContext, assessmentId: string, listId?: string) {
  const { content, stats } = await load(db, tenant, assessmentId);
  checkList(content, listId);
  return content.areas.map((a) => threatAreaRow(a, stats, listId));
}

export async function threatAreaDetail(
  db: Db,
  tenant: TenantContext,
  assessmentId: string,
  areaId: string,
  listId?: string,
): Promise<ThreatAreaDetail> {
  const { content, stats } = await load(db, tenant, assessmentId);
  checkList(content, listId);
  const area = areaOf(content, areaId);
  const [histogram, counts, ranges] = await Promise.all([
    areaScoreHistogram(db, tenant, assessmentId, area.id, listId),
    content.assessment.isScorm ? [] : participantCounts(db, tenant, assessmentId),
    scoreRangesOfCompany(db, tenant.companyId),
  ]);
  const agg = stats.get(STAT_KINDS.area, area.id, listId);
  return {
    id: area.id,
    name: area.name,
    description: area.description,
    assessmentKeyBehavioursCount: area.behaviours.length,
    totalKeyBehavioursCount: area.totalBehaviours,
    questionsCount: area.questions.length,
    averageScore: averageOf(agg.sum, agg.count),
    distribution: scoreDistribution(histogram, ranges),
    keyBehaviours: area.behaviours.map((b) => keyBehaviourRow(b, stats, listId)),
    questions: area.questions.map((q) => questionRow(q, content, stats, listId)),
    // SCORM assessments reach no lists (spec 2 §2: lists "not for SCORM").
    lists: content.assessment.isScorm ? [] : listRows(content, stats, counts, area.id),
  };
}

export async function keyBehaviourRows(
  db: Db,
  tenant: TenantContext,
  assessmentId: string,
  q: { threatArea?: string | undefined; listId?: string | undefined },
) {
  const { stats, scope } = await loadScoped(db, tenant, assessmentId, q);
  return scope.behaviours.map((b) => keyBehaviourRow(b, stats, q.listId));
}

/**
 * The training an assessment's weakest key behaviours call for: those below "Very good" (the
 * learner result's rule, for everyone who finished), and the subjects of the plan that train them —
 * those training more of them first, then those training the weakest, then catalogue order.
 */
export async function recommendedTraining(
  db: Db,
  tenant: TenantContext,
  assessmentId: string,
): Promise<RecommendedTraining> {
  const { content, stats } = await load(db, tenant, assessmentId);
  const scores: Record<string, number> = {};
  for (const b of content.behaviours) {
    const agg = stats.get(STAT_KINDS.behaviour, b.code);
    if (agg.count > 0) scores[b.code] = agg.sum / agg.count;
  }
  const weakest = behavioursToWorkOn(scores);
  const byCode = new Map(content.behaviours.map((b) => [b.code, b]));
  const codes = weakest.map((w) => w.code);
  const rank = (trains: string[]) => Math.min(...trains.map((c) => codes.indexOf(c)));
  const subjects = (await subjectsForBehaviours(db, tenant, codes, content.lang))
    .map((s, position) => ({ s, position }))
    .sort(
      (a, b) =>
        b.s.trains.length - a.s.trains.length ||
        rank(a.s.trains) - rank(b.s.trains) ||
        a.position - b.position,
    )
    .slice(0, RECOMMENDED_SUBJECTS_MAX)
    .map(({ s }) => s);
  return {
    behaviours: weakest.map((w) => ({
      code: w.code,
      name: byCode.get(w.code)?.name ?? w.code,
      threatArea: byCode.get(w.code)?.areaName ?? '',
      averageScore: w.score,
    })),
    subjects,
  };
}

function listScoresOf(content: ReportContent, stats: KeptStats, counts: ParticipantCounts[]) {
  const byList = new Map(counts.map((c) => [c.listId, c]));
  return content.lists.map((list) => ({
    listId: list.id,
    listName: list.name,
    usersCount: byList.get(list.id)?.total ?? 0,
    started: byList.get(list.id)?.started ?? 0,
    areas: content.areas.map((a) => {
      const agg = stats.get(STAT_KINDS.area, a.id, list.id);
      return { area: a.name, areaId: a.id, averageScore: averageOf(agg.sum, agg.count) };
    }),
  }));
}

export async function listScores(db: Db, tenant: TenantContext, assessmentId: string) {
  const { content, stats, counts } = await loadWithCounts(db, tenant, assessmentId);
  return listScoresOf(content, stats, counts);
}

export async function employeeListRows(
  db: Db,
  tenant: TenantContext,
  assessmentId: string,
  threatArea?: string,
) {
  const { content, stats, counts } = await loadWithCounts(db, tenant, assessmentId);
  const area = threatArea ? areaOf(content, threatArea) : undefined;
  return { rows: listRows(content, stats, counts, area?.id), area };
}

export async function questionRows(
  db: Db,
  tenant: TenantContext,
  assessmentId: string,
  q: { threatArea?: string | undefined; listId?: string | undefined },
) {
  const { content, stats, scope } = await loadScoped(db, tenant, assessmentId, q);
  return scope.questions.map((question) => questionRow(question, content, stats, q.listId));
}

/** What the overview report prints of the company's most recent assessment with finished employees. */
export interface LatestAssessmentSummary {
  assessment: { id: string; name: string };
  resilienceScore: number | null;
  areas: { name: string; score: number | null }[];
  usersFinished: number;
}

/**
 * The most recently started non-draft assessment with finished employees — its resilience score and
 * its threat areas — for the overview report, which names it; the infosec board shows the company's
 * standing instead (infosecSummary).
 */
export async function latestAssessmentSummary(
  db: Db,
  tenant: TenantContext,
): Promise<LatestAssessmentSummary | null> {
  const chosen = await summaryAssessment(db, tenant);
  if (!chosen) return null;
  const [content, stats] = await Promise.all([
    reportContent(db, tenant, chosen.id),
    KeptStats.load(db, tenant, chosen.id),
  ]);
  const resilience = stats.resilience();
  return {
    assessment: { id: chosen.id, name: chosen.name },
    resilienceScore: averageOf(resilience.sum, resilience.count),
    areas: content.areas.map((a) => {
      const agg = stats.get(STAT_KINDS.area, a.id);
      return { name: a.name, score: averageOf(agg.sum, agg.count) };
    }),
    usersFinished: resilience.count,
  };
}

/** A mean that rests on enough employees for the board, else null. */
const boardAverage = (agg: { sum: number; count: number }) =>
  agg.count >= INFOSEC_MIN_RESULTS ? averageOf(agg.sum, agg.count) : null;

/**
 * The infosec board's figures: the company's standing over every employee's latest finished
 * assessment (see InfosecSummary), each figure only when enough employees stand behind it.
 */
export async function infosecSummary(db: Db, tenant: TenantContext): Promise<InfosecSummary> {
  const [rows, content, lang] = await Promise.all([
    companyStanding(db, tenant),
    threatAreaNames(db),
    languageOf(db, tenant.userId),
  ]);
  const byKey = new Map(rows.map((r) => [`${r.kind}|${r.key}`, r]));
  const overall = byKey.get(`${STAT_KINDS.resilience}|`);
  const usersFinished = overall?.count ?? 0;
  const enough = usersFinished >= INFOSEC_MIN_RESULTS;
  const behaviours = content
    .flatMap((area) => area.behaviours)
    .map((b) => ({ name: localize(b.name, lang), agg: byKey.get(`${STAT_KINDS.behaviour}|${b.code}`) }))
    .flatMap(({ name, agg }) => {
      const score = agg ? boardAverage(agg) : null;
      return score === null ? [] : [{ name, score, exact: agg!.sum / agg!.count }];
    })
    .sort((a, b) => a.exact - b.exact);
  const shown = (b: (typeof behaviours)[number] | undefined) => (b ? { name: b.name, score: b.score } : null);
  return {
    resilienceScore: overall ? boardAverage(overall) : null,
    areas: enough
      ? content.flatMap((area) => {
          const agg = byKey.get(`${STAT_KINDS.area}|${area.id}`);
          return agg ? [{ name: localize(area.name, lang), score: boardAverage(agg) }] : [];
        })
      : [],
    bestBehaviour: enough ? shown(behaviours[behaviours.length - 1]) : null,
    worstBehaviour: enough ? shown(behaviours[0]) : null,
    usersFinished,
    assessments: overall?.assessments ?? 0,
    minResults: INFOSEC_MIN_RESULTS,
    updated: toIso(overall?.updated),
  };
}

/**
 * One employee's resilience scores per finished assessment, by threat area and key behaviour, named
 * as the assessment's reports name them (the public API's results per employee).
 */
export async function employeeResilienceScores(
  db: Db,
  tenant: TenantContext,
  employeeId: string,
): Promise<PublicResilienceScores[]> {
  const rows = await employeeScoreRows(db, tenant, employeeId);
  const byAssessment = new Map<string, typeof rows>();
  for (const r of rows) byAssessment.set(r.assessment_id, [...(byAssessment.get(r.assessment_id) ?? []), r]);
  return Promise.all(
    [...byAssessment].map(async ([assessmentId, own]) => {
      const content = await reportContent(db, tenant, assessmentId);
      const score = (kind: number, key: string) => {
        const row = own.find((r) => r.kind === kind && r.key === key);
        return row?.score === null || row?.score === undefined ? null : roundScore(Number(row.score));
      };
      const first = own[0]!;
      return {
        assessmentId,
        name: first.name,
        finished: toIso(first.finished_at)!,
        resilience: first.resilience === null ? null : roundScore(Number(first.resilience)),
        areas: content.areas.flatMap((a) => {
          const s = score(STAT_KINDS.area, a.id);
          return s === null ? [] : [{ id: a.id, name: a.name, score: s }];
        }),
        behaviours: content.areas.flatMap((a) =>
          a.behaviours.flatMap((b) => {
            const s = score(STAT_KINDS.behaviour, b.code);
            return s === null ? [] : [{ code: b.code, name: b.name, areaId: a.id, score: s }];
          }),
        ),
      };
    }),
  );
}

// Used by other modules.
export { participantCounts, type ParticipantCounts } from './assessment-reports.queries.ts';
