import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { employees, enrolmentMails, listMembers, trainingLists, trainings } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

/** The running programs (active) that go to the list. */
export async function runningProgramsOfList(db: Db, scope: CompanyScope, listId: string) {
  return db
    .select({ id: trainings.id, name: trainings.name })
    .from(trainings)
    .innerJoin(trainingLists, eq(trainingLists.trainingId, trainings.id))
    .where(
      and(
        eq(trainings.companyId, scope.companyId),
        eq(trainingLists.listId, listId),
        eq(trainings.status, 'active'),
      ),
    );
}

/** The employees with these emails who are (still) in the list. */
export async function listMembersByEmail(db: Db, scope: CompanyScope, listId: string, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: employees.id, email: employees.email, name: employees.name, language: employees.language })
    .from(employees)
    .innerJoin(listMembers, and(eq(listMembers.employeeId, employees.id), eq(listMembers.listId, listId)))
    .where(and(eq(employees.companyId, scope.companyId), inArray(employees.email, emails)));
}

/**
 * Notes the enrolment mails about to go and answers the employees not welcomed to the program
 * before (the others are left out: at most one welcome per employee and program).
 */
export async function claimEnrolmentMails(
  db: Db,
  scope: CompanyScope,
  trainingId: string,
  employeeIds: string[],
): Promise<Set<string>> {
  if (employeeIds.length === 0) return new Set();
  const rows = await db
    .insert(enrolmentMails)
    .values(employeeIds.map((employeeId) => ({ trainingId, companyId: scope.companyId, employeeId })))
    .onConflictDoNothing()
    .returning({ employeeId: enrolmentMails.employeeId });
  return new Set(rows.map((r) => r.employeeId));
}
