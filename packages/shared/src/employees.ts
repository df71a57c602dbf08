import { z } from 'zod';
import { IMPORT_LIMITS, LIMITS } from './constants.ts';
import { EMPLOYEE_MESSAGES, IMPORT_ERRORS } from './messages.ts';
import { EMAIL_PATTERN, hasNoControlCharacters, MESSAGES } from './validation.ts';
import { EMPLOYEE_SOURCES } from './directory.ts';

/** Employee table sizes (spec 3 §9). */
export const EMPLOYEE_PAGE = {
  listPageSize: 20,
  detailPageSize: 50,
  pageButtons: 5,
  pageSizeOptions: [5, 10, 20, 30, 40, 50, 100],
} as const;

/** How much of an over-long line its error shows. */
const LONG_LINE_SHOWN = 100;

/** Spec 3 §8 import messages; a preview says what confirming will do, in the future tense. */
export const importMessages = {
  added: (n: number) => `${n} new employees added from .csv file`,
  updated: (n: number) => `${n} employees updated from .csv file`,
  willAdd: (n: number) => `${n} new employees will be added from .csv file`,
  willUpdate: (n: number) => `${n} employees will be updated from .csv file`,
  noNewUser: 'No new user found,',
  willDelete: (n: number) => `${n} employees will be deleted`,
  tickToRemove: 'Tick checkbox above to remove obsolete users',
  noChanges: 'No changes found',
  foundErrors: 'Found errors:',
} as const;

export interface ParsedEmployee {
  lineNumber: number;
  email: string;
  name: string;
  unit: string;
  tags: string[];
}

export interface ImportLineError {
  lineNumber: number;
  original: string;
  error: string;
}

export interface ParsedImport {
  rows: ParsedEmployee[];
  errors: ImportLineError[];
}

/**
 * Splits one line on commas or semicolons outside double quotes and strips the quotes: double quotes
 * anywhere, single quotes only around a whole cell (so O'Brien keeps its apostrophe).
 */
export function splitImportLine(line: string): string[] {
  if (!line.includes('"')) return line.split(/[,;]/).map(cleanCell);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = !quoted;
    } else if (!quoted && (ch === ',' || ch === ';')) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map(cleanCell);
}

function cleanCell(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length > 1 && trimmed.startsWith("'") && trimmed.endsWith("'")
    ? trimmed.slice(1, -1).trim()
    : trimmed;
}

function isHeader(cells: string[]): boolean {
  const first = (cells[0] ?? '').toLowerCase().replace(/[\s_-]/g, '');
  return (first === 'email' || first === 'emailaddress' || first === 'mail') && !cells[0]!.includes('@');
}

/**
 * The import line rules of spec 3 §4: column 1 email (lower-cased), 2 name, 3 unit, the rest tags;
 * blank lines skipped; a first line that names the columns is a header, not an employee; invalid
 * lines are reported with their number and text and never saved; a repeated email is reported on its
 * later line.
 */
export function parseImportLines(lines: readonly string[]): ParsedImport {
  const rows: ParsedEmployee[] = [];
  const errors: ImportLineError[] = [];
  const seen = new Set<string>();
  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    const original = index === 0 ? raw.replace(/^\uFEFF/, '') : raw;
    if (original.trim() === '') return;
    if (original.length > IMPORT_LIMITS.maxLineLength) {
      const shown = `${original.slice(0, LONG_LINE_SHOWN)}…`;
      return void errors.push({ lineNumber, original: shown, error: IMPORT_ERRORS.lineTooLong });
    }
    const cells = splitImportLine(original);
    if (index === 0 && isHeader(cells)) return;
    const fail = (error: string) => errors.push({ lineNumber, original, error });
    if (!cells.every(hasNoControlCharacters)) return fail(IMPORT_ERRORS.controlCharacters);
    const [emailCell = '', name = '', unit = '', ...rest] = cells;
    const email = emailCell.toLowerCase();
    if (!email && !name && !unit) return fail(IMPORT_ERRORS.noDataInLine);
    if (email.length > LIMITS.emailMax) return fail(IMPORT_ERRORS.emailTooLong);
    if (!EMAIL_PATTERN.test(email)) return fail(IMPORT_ERRORS.emailInvalid);
    if (name.length > LIMITS.nameMax) return fail(IMPORT_ERRORS.nameTooLong);
    if (unit.length > LIMITS.unitMax) return fail(IMPORT_ERRORS.unitTooLong);
    if (seen.has(email)) return fail(IMPORT_ERRORS.duplicate);
    seen.add(email);
    rows.push({ lineNumber, email, name, unit, tags: rest.filter(Boolean) });
  });
  return { rows, errors };
}

/** A whole file's text, with any mix of line endings. */
export function splitImportText(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** A file is text when it has no NUL bytes in its first 8 KB. */
export function looksLikeText(bytes: Uint8Array): boolean {
  return !bytes.subarray(0, 8192).includes(0);
}

export const EmployeeListSource = z.enum(EMPLOYEE_SOURCES);
export type EmployeeListSource = z.infer<typeof EmployeeListSource>;
/** The sources that keep a list or employee: a directory sync or SCIM provisioning. */
export const DIRECTORY_SOURCES = ['azure', 'google', 'scim'] as const satisfies readonly EmployeeListSource[];
export type DirectorySource = (typeof DIRECTORY_SOURCES)[number];
/** A list or employee kept by a directory (azure, google or scim): the next sync undoes changes by hand. */
export const isImportedSource = (source: string | null): source is DirectorySource =>
  (DIRECTORY_SOURCES as readonly (string | null)[]).includes(source);

export const EmployeeList = z.object({
  id: z.string(),
  name: z.string(),
  created: z.string(),
  usersCount: z.number(),
  source: z.string().nullable(),
});
export type EmployeeList = z.infer<typeof EmployeeList>;

export const EmployeeListsResponse = z.object({
  rows: z.array(EmployeeList),
  /** Employees in any list now (the seats of the month, Company.users_total, also count those who left). */
  usersTotal: z.number(),
});

export const listName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(LIMITS.nameMax, `List name can not be more than ${LIMITS.nameMax} characters`)
  .refine(hasNoControlCharacters, MESSAGES.controlCharacters);

export const ListSave = z.object({ name: listName });
export type ListSave = z.input<typeof ListSave>;

export const Employee = z.object({
  email: z.string(),
  user_name: z.string(),
  unit: z.string(),
  tags: z.array(z.string()),
  source: z.string().nullable(),
  created: z.string(),
});
export type Employee = z.infer<typeof Employee>;

export const EmployeeSort = z.enum(['email', 'name']);
export const EmployeePageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (EMPLOYEE_PAGE.pageSizeOptions as readonly number[]).includes(n), 'Unsupported page size')
    .default(EMPLOYEE_PAGE.listPageSize),
  sort: EmployeeSort.default('email'),
  order: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().trim().max(100).optional(),
});
export type EmployeePageQuery = z.input<typeof EmployeePageQuery>;

export const EmployeePage = z.object({
  rows: z.array(Employee),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type EmployeePage = z.infer<typeof EmployeePage>;

/** Manual add: rows with an empty email are dropped; a name needs an email. */
export const ManualEmployee = z
  .object({
    email: z.string().trim().max(LIMITS.emailMax, IMPORT_ERRORS.emailTooLong).default(''),
    name: z
      .string()
      .trim()
      .max(LIMITS.nameMax, IMPORT_ERRORS.nameTooLong)
      .refine(hasNoControlCharacters, MESSAGES.controlCharacters)
      .default(''),
  })
  .superRefine((row, ctx) => {
    if (!row.email && row.name)
      ctx.addIssue({ code: 'custom', path: ['email'], message: IMPORT_ERRORS.emailInvalid });
    if (row.email && !EMAIL_PATTERN.test(row.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: IMPORT_ERRORS.emailInvalid });
    }
  });
export const AddUsersRequest = z.object({ users: z.array(ManualEmployee).max(1000) });
export type AddUsersRequest = z.input<typeof AddUsersRequest>;
export const AddUsersResponse = z.object({ added: z.number(), updated: z.number() });

/** POST createUsersBatch: raw lines, parsed on the server by the same rules as in the browser. */
export const CreateUsersBatchRequest = z
  .object({
    listId: z.string().uuid().optional(),
    /** Creates a new list of this name when no listId is given. */
    listName: listName.optional(),
    /** Any length: an over-long line is reported as a line error, the body limit bounds the whole. */
    records: z.array(z.string()).max(IMPORT_LIMITS.maxRecords),
    preview: z.boolean().default(true),
    removeObsolete: z.boolean().default(false),
  })
  .refine((b) => b.listId || b.listName, { message: EMPLOYEE_MESSAGES.noListSelected });
export type CreateUsersBatchRequest = z.input<typeof CreateUsersBatchRequest>;

const ImportedUser = z.object({ email: z.string(), name: z.string(), listName: z.string() });

/** Import result (spec 3 §3); lists are capped for display, counts are exact. */
export const ImportResult = z.object({
  newUsers: z.array(ImportedUser),
  updatedUsers: z.array(ImportedUser),
  obsoleteUsers: z.array(ImportedUser),
  added: z.number(),
  updated: z.number(),
  obsolete: z.number(),
  removed: z.number(),
  count_invalid: z.number(),
  data: z.array(z.object({ lineNumber: z.number(), original: z.string(), error: z.string() })),
  newLists: z.array(z.object({ id: z.string(), name: z.string() })),
  records: z.number(),
  preview: z.boolean(),
  listId: z.string().nullable(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/**
 * Where an employee stands in a subject, over every program that delivered it: finished in all of
 * them, opened in one, or not opened yet.
 */
export const EMPLOYEE_SUBJECT_STATUSES = ['notStarted', 'inProgress', 'finished'] as const;
export type EmployeeSubjectStatus = (typeof EMPLOYEE_SUBJECT_STATUSES)[number];

/** Where an employee stands in an assessment: invited, answering, or finished with a score. */
export const EMPLOYEE_ASSESSMENT_STATUSES = ['invited', 'started', 'finished'] as const;

/**
 * Employee detail (spec 3 §3): the audit trail of one employee. `started` once they opened a lesson;
 * `score` the lessons finished ÷ delivered, percent, null before they started (spec 2 §9: N/A when
 * not started); one subject row per subject over all programs (delivered and viewed the first time,
 * quiz answers right and wrong at the first try); `trainings` names the programs of `training_ids`;
 * `assessments` each assessment that reached them, with their score once finished.
 */
export const EmployeeDetail = z.object({
  /** The employee's id, for their records in other areas (phishing); '' under anonymous tracking. */
  id: z.string(),
  email: z.string(),
  user_name: z.string(),
  unit: z.string(),
  tags: z.array(z.string()),
  created: z.string(),
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
  anonymous: z.boolean(),
  started: z.boolean(),
  score: z.number().nullable(),
  subjects: z.array(
    z.object({
      title: z.string(),
      delivered: z.string().nullable(),
      viewed: z.string().nullable(),
      correct: z.number(),
      incorrect: z.number(),
      status: z.enum(EMPLOYEE_SUBJECT_STATUSES),
      training_ids: z.array(z.string()),
    }),
  ),
  trainings: z.record(z.string(), z.string()),
  assessments: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(EMPLOYEE_ASSESSMENT_STATUSES),
      invited: z.string(),
      finished: z.string().nullable(),
      /** The resilience score, rounded; null until finished. */
      score: z.number().nullable(),
    }),
  ),
});
export type EmployeeDetail = z.infer<typeof EmployeeDetail>;
