import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { trainingProgress, trainings } from '../../db/schema/index.ts';

export interface QuizAnswers {
  /** First answers given to the programs' quiz questions … */
  answered: number;
  /** … and how many of them were right. */
  correct: number;
}

/**
 * Per non-draft program of the company, the quiz answers its employees gave and those that were
 * right (the awareness score's parts), read in one pass over the company's progress rows.
 */
export async function quizAnswersByTraining(db: Db, scope: CompanyScope): Promise<Map<string, QuizAnswers>> {
  const rows = await queryRows<{ training_id: string; answered: number; correct: number }>(
    db,
    sql`select p.training_id,
          coalesce(sum(bit_count(p.answered_mask::bit(32))), 0)::int as answered,
          coalesce(sum(bit_count(p.correct_mask::bit(32))), 0)::int as correct
        from ${trainingProgress} p
        join ${trainings} t on t.id = p.training_id and t.company_id = ${scope.companyId} and t.status <> 'draft'
        where p.company_id = ${scope.companyId}
        group by p.training_id`,
  );
  return new Map(rows.map((r) => [r.training_id, { answered: r.answered, correct: r.correct }]));
}
