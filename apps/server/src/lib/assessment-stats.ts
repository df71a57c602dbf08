/**
 * The kept aggregates of an assessment (table assessment_stats): per list — the nil uuid for
 * everyone — and kind (1 resilience, 2 area, 3 behaviour, 4 question, 5 histogram of rounded
 * resilience scores, 6 histograms of rounded threat-area scores), the sum and count of finished
 * employees' exact scores and how many are at risk.
 * They grow by one employee as each finishes, and can be rebuilt from the stored scores.
 */
import { sql } from 'drizzle-orm';
import { AT_RISK_BELOW, SOCKET_EVENTS, isAtRisk, roundScore, type EmployeeScores } from '@vigil/shared';
import type { AppContext } from '../context.ts';
import { arrayParam, type Db } from '../db/client.ts';
import { companyRoom } from './rooms.ts';

/** The list id of the "everyone" rows. */
export const EVERYONE = '00000000-0000-0000-0000-000000000000';

export const STAT_KINDS = {
  resilience: 1,
  area: 2,
  behaviour: 3,
  question: 4,
  histogram: 5,
  areaHistogram: 6,
} as const;

/** The keys of a threat area's histogram rows start with this; the rounded score follows. */
export const areaHistogramPrefix = (areaId: string) => `${areaId}:`;

export interface FinishedEmployee {
  assessmentId: string;
  companyId: string;
  employeeId: string;
  /** The lists the employee was reached through (the participant's list_ids). */
  listIds: string[];
  scores: EmployeeScores;
}

/** One aggregate entry an employee adds: kind, key, exact score. */
function entriesOf(scores: EmployeeScores): { kind: number; key: string; score: number }[] {
  const out: { kind: number; key: string; score: number }[] = [];
  if (scores.resilience !== null) {
    out.push({ kind: STAT_KINDS.resilience, key: '', score: scores.resilience });
    out.push({
      kind: STAT_KINDS.histogram,
      key: String(roundScore(scores.resilience)),
      score: scores.resilience,
    });
  }
  const add = (kind: number, record: Record<string, number>) => {
    for (const [key, score] of Object.entries(record)) out.push({ kind, key, score });
  };
  add(STAT_KINDS.area, scores.areas);
  for (const [areaId, score] of Object.entries(scores.areas))
    out.push({
      kind: STAT_KINDS.areaHistogram,
      key: `${areaHistogramPrefix(areaId)}${roundScore(score)}`,
      score,
    });
  add(STAT_KINDS.behaviour, scores.behaviours);
  add(STAT_KINDS.question, scores.questions);
  return out;
}

/**
 * Adds a finished employee's exact scores to the kept aggregates of everyone and of each of their
 * lists, in one statement. Call it once per employee, in the transaction that marks them finished
 * (the employee's own scores and finished_at are the caller's to write). Does nothing for an
 * assessment of another company.
 */
export async function addFinishedEmployee(tx: Db, e: FinishedEmployee): Promise<void> {
  const entries = entriesOf(e.scores);
  if (entries.length === 0) return;
  const lists = [...new Set([EVERYONE, ...e.listIds])];
  await tx.execute(sql`
    INSERT INTO assessment_stats (assessment_id, list_id, kind, key, sum, count, at_risk)
    SELECT a.id, l.id, x.kind, x.key, x.score, 1, x.at_risk
    FROM assessments a
    CROSS JOIN unnest(${arrayParam(lists, 'uuid')}) AS l(id)
    CROSS JOIN unnest(
      ${arrayParam(
        entries.map((x) => x.kind),
        'int',
      )},
      ${arrayParam(
        entries.map((x) => x.key),
        'text',
      )},
      ${sql.param(entries.map((x) => x.score))}::float8[],
      ${arrayParam(
        entries.map((x) => (isAtRisk(x.score) ? 1 : 0)),
        'int',
      )}
    ) AS x(kind, key, score, at_risk)
    WHERE a.id = ${e.assessmentId} AND a.company_id = ${e.companyId}
    ON CONFLICT (assessment_id, list_id, kind, key) DO UPDATE SET
      sum = assessment_stats.sum + excluded.sum,
      count = assessment_stats.count + excluded.count,
      at_risk = assessment_stats.at_risk + excluded.at_risk
  `);
}

/**
 * Recomputes an assessment's kept aggregates from the finished participants' stored scores
 * (participants.score for resilience and the histogram, assessment_scores for the rest), set-based.
 * For seeding and repair; gives what addFinishedEmployee would have built employee by employee.
 */
export async function rebuildAssessmentStats(db: Db, assessmentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM assessment_stats WHERE assessment_id = ${assessmentId}`);
    // Rounded half up like roundScore (PostgreSQL's round() of a double rounds half to even).
    await tx.execute(sql`
      WITH finished AS (
        SELECT p.employee_id, p.score,
               ARRAY(SELECT DISTINCT u FROM unnest(array_prepend(${EVERYONE}::uuid, p.list_ids)) u) AS lists
        FROM assessment_participants p
        WHERE p.assessment_id = ${assessmentId} AND p.finished_at IS NOT NULL
      ),
      entries AS (
        SELECT f.employee_id, 1::smallint AS kind, '' AS key, f.score FROM finished f WHERE f.score IS NOT NULL
        UNION ALL
        SELECT f.employee_id, 5::smallint, floor(f.score + 0.5)::int::text, f.score FROM finished f WHERE f.score IS NOT NULL
        UNION ALL
        SELECT s.employee_id, s.kind, s.key, s.score
        FROM assessment_scores s JOIN finished f ON f.employee_id = s.employee_id
        WHERE s.assessment_id = ${assessmentId}
        UNION ALL
        SELECT s.employee_id, 6::smallint, s.key || ':' || floor(s.score + 0.5)::int, s.score
        FROM assessment_scores s JOIN finished f ON f.employee_id = s.employee_id
        WHERE s.assessment_id = ${assessmentId} AND s.kind = 2
      )
      INSERT INTO assessment_stats (assessment_id, list_id, kind, key, sum, count, at_risk)
      SELECT ${assessmentId}, l.id, e.kind, e.key, sum(e.score), count(*), count(*) FILTER (WHERE floor(e.score + 0.5) < ${AT_RISK_BELOW})
      FROM entries e
      JOIN finished f ON f.employee_id = e.employee_id
      CROSS JOIN unnest(f.lists) AS l(id)
      GROUP BY l.id, e.kind, e.key
    `);
  });
}

/** Tells the company's open screens (on every server process) that its infosec summary changed. */
export function notifyInfosecSummary(ctx: Pick<AppContext, 'realtime'>, companyId: string): void {
  ctx.realtime?.to(companyRoom(companyId)).emit(SOCKET_EVENTS.infosecUpdateSummary, { companyId });
}
