/**
 * What the public player's calls look up, kept in this process (lib/expiring.ts), so that a grant
 * reads nothing but the views left (ppv.queries.ts, logGrants) and a view report nothing at all
 * before its one statement:
 * - a key's company, allow-list and active snippets, for 10 seconds: a new key, another allow-list or
 *   a snippet turned on or off in another process shows within that time (here at once). A key
 *   replaced elsewhere is refused at once all the same, by the statement that logs the grant or
 *   counts the view;
 * - the company's brand, for 30 seconds, as the learner calls keep it;
 * - the subject, for 5 minutes: subjects change only when a process imports the content pack at its
 *   start.
 * What this process changes (ppv.service.ts, the companies' settings) it forgets at once through
 * lib/company-changes.ts.
 */
import type { Db } from '../../db/client.ts';
import { onCompanyChanged } from '../../lib/company-changes.ts';
import { expiring } from '../../lib/expiring.ts';
import { companyById, type CompanyRecord } from '../companies/companies.service.ts';
import { subjectById } from '../content/content.service.ts';
import { embedKeyAcrossCompanies, type EmbedKey } from './ppv.queries.ts';

const keys = expiring<string, EmbedKey>(10_000, 10_000);
const companies = expiring<string, CompanyRecord>(30_000, 10_000);
type SubjectRow = NonNullable<Awaited<ReturnType<typeof subjectById>>>;
const subjects = expiring<string, SubjectRow>(5 * 60_000, 1_000);

onCompanyChanged((companyId) => {
  keys.forgetWhere((_, key) => key.companyId === companyId);
  companies.forgetWhere((id) => id === companyId);
});

/** The company, allow-list and active snippets of a public call's key; undefined for an unknown key. */
export function embedKeyOf(db: Db, apiKey: string): Promise<EmbedKey | undefined> {
  return keys.get(apiKey) ?? keys.set(apiKey, embedKeyAcrossCompanies(db, apiKey));
}

/** The company whose brand a grant shows. */
export function embedCompanyOf(db: Db, companyId: string): Promise<CompanyRecord | undefined> {
  return companies.get(companyId) ?? companies.set(companyId, companyById(db, companyId));
}

/** A subject with its category, as a grant plays it. */
export function embedSubjectOf(db: Db, subjectId: string): Promise<SubjectRow | undefined> {
  return subjects.get(subjectId) ?? subjects.set(subjectId, subjectById(db, subjectId));
}
