/**
 * Anonymous tracking (spec 1 §3 and §6, 2 §2, 3 §2.1 and §2.3): the company's choice, irreversible, that
 * hides per-user details. What stays: every count and aggregate figure, and per-employee rows in the
 * report tables with nothing that tells who they are (no name, email or list). What goes: names,
 * emails and lists in every report, export and screen; searching or sorting employees by who they are;
 * per-employee files (CSVs, the PDF's employee pages); an employee's own detail and sign-in links. The
 * server applies this through apps/server/src/lib/privacy.ts; the web asks the same questions here.
 */
export const PRIVACY_MESSAGES = {
  anonymous: 'Tracking is anonymous in this company.',
} as const;

/** What a company's tracking mode lets a manager see about single employees. */
export interface TrackingRules {
  anonymous: boolean;
  /** Names, emails and lists of employees, their detail pages and their personal links. */
  identities: boolean;
  /** Files with one row per employee (users.csv, answers.csv, the training's employee CSVs). */
  personalFiles: boolean;
}

export function trackingRules(anonymous: boolean): TrackingRules {
  return { anonymous, identities: !anonymous, personalFiles: !anonymous };
}
