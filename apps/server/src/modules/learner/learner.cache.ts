import type { Db } from '../../db/client.ts';
import { onCompanyChanged } from '../../lib/company-changes.ts';
import { companyById, type CompanyRecord } from '../companies/companies.service.ts';
import { subjectsWithCategory } from '../content/content.service.ts';
import { expiring } from '../../lib/expiring.ts';

/**
 * What every learner call looks up besides its token: a company's new name or language shows within
 * 30 seconds (at once when changed through this process), and subjects change only when a process
 * imports the content pack at its start.
 */
const companies = expiring<string, CompanyRecord>(30_000, 1_000);
type SubjectRow = Awaited<ReturnType<typeof subjectsWithCategory>>[number];
const subjectRows = expiring<string, SubjectRow>(5 * 60_000, 1_000);

onCompanyChanged((companyId) => companies.forgetWhere((id) => id === companyId));

/** The company of a learner's token (see the TTL above). */
export function learnerCompany(db: Db, companyId: string): Promise<CompanyRecord | undefined> {
  return companies.get(companyId) ?? companies.set(companyId, companyById(db, companyId));
}

/** These subjects with their category, those that exist, in no particular order. */
export async function learnerSubjects(db: Db, ids: string[]): Promise<SubjectRow[]> {
  const lookups = new Map([...new Set(ids)].map((id) => [id, subjectRows.get(id)]));
  const missing = [...lookups].filter(([, kept]) => !kept).map(([id]) => id);
  if (missing.length > 0) {
    const fetched = subjectsWithCategory(db, missing);
    for (const id of missing)
      lookups.set(
        id,
        subjectRows.set(
          id,
          fetched.then((rows) => rows.find((r) => r.subject.id === id)),
        ),
      );
  }
  const rows = await Promise.all(lookups.values());
  return rows.filter((r): r is SubjectRow => r !== undefined);
}

/** One subject with its category (see learnerSubjects). */
export async function learnerSubjectRow(db: Db, id: string): Promise<SubjectRow | undefined> {
  const [row] = await learnerSubjects(db, [id]);
  return row;
}
