import { sql } from 'drizzle-orm';
import { arrayParam, queryRows, type Db } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import {
  employeeLists,
  employees,
  listMembers,
  trainingLists,
  trainingProgress,
} from '../../db/schema/index.ts';
import { programPeople, type PersonRow } from '../trainings/trainings.service.ts';

export interface ReportPerson extends PersonRow {
  lists: { id: string; name: string }[];
  viewed: string[] | null;
  answered: string[] | null;
}

/**
 * The program's employees for reports, in name order: their lists, figures and, with `details`, the
 * subjects they watched (to 95 %) and answered (every question). `limit` null reads them all.
 */
export async function reportPeople(
  db: Db,
  scope: CompanyScope,
  trainingId: string,
  page: { limit: number | null; offset: number; details: boolean },
) {
  const details = page.details
    ? sql`,
        (select coalesce(array_agg(p.subject_id order by p.subject_id), '{}') from ${trainingProgress} p
          where p.training_id = ${trainingId} and p.employee_id = people.id and p.video_percent >= 95) as viewed,
        (select coalesce(array_agg(p.subject_id order by p.subject_id), '{}') from ${trainingProgress} p
          where p.training_id = ${trainingId} and p.employee_id = people.id and p.questions > 0
            and bit_count(p.answered_mask::bit(32)) >= p.questions) as answered`
    : sql`, null as viewed, null as answered`;
  const limit = page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`;
  const [rows, [count]] = await Promise.all([
    queryRows<ReportPerson>(
      db,
      sql`${programPeople(scope, trainingId)}
          select people.*,
            (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name), '[]')
             from ${listMembers} m join ${trainingLists} tl on tl.list_id = m.list_id and tl.training_id = ${trainingId}
             join ${employeeLists} l on l.id = m.list_id where m.employee_id = people.id) as lists
            ${details}
          from people order by name, email ${limit}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`${programPeople(scope, trainingId)} select count(*)::int as n from people`,
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The ids of those of `emails` who are the program's employees (members of its lists). */
export async function programEmployeeIds(
  db: Db,
  scope: CompanyScope,
  trainingId: string,
  emails: string[],
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select e.id from ${employees} e
        where e.company_id = ${scope.companyId} and e.email = any(${arrayParam(emails, 'text')})
          and exists (select 1 from ${listMembers} m
            join ${trainingLists} tl on tl.list_id = m.list_id and tl.training_id = ${trainingId}
            where m.company_id = ${scope.companyId} and m.employee_id = e.id)`,
  );
  return rows.map((r) => r.id);
}
