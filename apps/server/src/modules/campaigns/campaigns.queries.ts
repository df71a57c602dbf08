import { and, eq, inArray, sql } from 'drizzle-orm';
import { arrayParam, type Db } from '../../db/client.ts';
import { employeeLists, employees, learnerTokens, listMembers } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { preparedRows } from '../../lib/sql.ts';
import type { TokenHolder } from './campaigns.kind.ts';

/** The SQL every campaign kind shares: its channels, the lists it reaches, its learner links. */

/** Of `listIds`, those the company owns, with their employee counts (distinct over all of them). */
export async function companyListsAmong(db: Db, scope: CompanyScope, listIds: string[]) {
  if (listIds.length === 0) return { found: [] as string[], users: 0 };
  const found = await db
    .select({ id: employeeLists.id })
    .from(employeeLists)
    .where(and(eq(employeeLists.companyId, scope.companyId), inArray(employeeLists.id, listIds)));
  const [users] = await db
    .select({ count: sql<number>`count(distinct ${listMembers.employeeId})::int` })
    .from(listMembers)
    .where(and(eq(listMembers.companyId, scope.companyId), inArray(listMembers.listId, listIds)));
  return { found: found.map((r) => r.id), users: users?.count ?? 0 };
}

/**
 * Stores the hashes of fresh learner links. Each row names its company; the send loop writes the
 * links of many companies in one statement (a cross-company system write, from rows it claimed).
 */
export async function insertLearnerTokensAcrossCompanies(
  db: Db,
  rows: { tokenHash: string; employeeId: string; companyId: string }[],
) {
  if (rows.length > 0) await db.insert(learnerTokens).values(rows);
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** The employees behind these learner tokens' hashes, for the tokens and employees that still exist. */
export async function learnersByTokens(
  db: Db,
  tokenHashes: string[],
): Promise<{ hash: string; learner: TokenHolder }[]> {
  const rows = await preparedRows<Omit<TokenHolder, 'lastUsedAt'> & { hash: string; lastUsedAt: unknown }>(
    db,
    'learners_by_tokens',
    (v) => sql`select t.token_hash as hash, emp.id as "employeeId", emp.company_id as "companyId", emp.email,
          emp.name, t.last_used_at as "lastUsedAt"
        from ${learnerTokens} t join ${employees} emp on emp.id = t.employee_id
        where t.token_hash = any(${v('hashes')}::text[])`,
    { hashes: tokenHashes },
  );
  return rows.map(({ hash, lastUsedAt, ...identity }) => ({
    hash,
    learner: { ...identity, lastUsedAt: dateOrNull(lastUsedAt) },
  }));
}

/** Writes when each of these tokens was last used. */
export async function touchLearnerTokens(db: Db, uses: { hash: string; at: Date }[]) {
  await db.execute(sql`update ${learnerTokens} t set last_used_at = u.at
    from unnest(${arrayParam(
      uses.map((u) => u.hash),
      'text',
    )}, ${arrayParam(
      uses.map((u) => u.at.toISOString()),
      'timestamptz',
    )}) as u(hash, at)
    where t.token_hash = u.hash`);
}

export async function insertLearnerToken(
  db: Db,
  row: { tokenHash: string; employeeId: string; companyId: string },
) {
  await db.insert(learnerTokens).values(row);
}
