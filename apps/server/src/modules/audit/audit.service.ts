import type { AuditEntry, AuditPage, AuditQuery } from '@vigil/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { csvStream, type CsvCell } from '../../lib/csv.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { auditRows, type AuditFilter, type AuditRow } from './audit.queries.ts';

type Query = z.output<typeof AuditQuery>;

const DAY_MS = 86_400_000;

function filterOf(q: Omit<Query, 'limit'>): AuditFilter {
  const before = q.cursor && /^\d{1,18}$/.test(q.cursor) ? Number(q.cursor) : undefined;
  return {
    actor: q.actor || undefined,
    action: q.action || undefined,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    // The "to" day is included.
    to: q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    before,
  };
}

const present = (r: AuditRow): AuditEntry => ({
  id: String(r.id),
  at: r.createdAt.toISOString(),
  actorKind: r.actorKind,
  actor: r.actorLabel,
  action: r.action,
  target: r.target,
  status: r.status,
  ip: r.ip,
  before: r.before ?? null,
  after: r.after ?? null,
});

/** One page of the company's audit log, newest first; `next` is the cursor of the page after. */
export async function auditPage(db: Db, scope: CompanyScope, q: Query): Promise<AuditPage> {
  const rows = await auditRows(db, scope, filterOf(q), q.limit + 1);
  const page = rows.slice(0, q.limit);
  return { rows: page.map(present), next: rows.length > q.limit ? String(page.at(-1)!.id) : null };
}

export const AUDIT_CSV_HEADER = [
  'Time',
  'Actor type',
  'Actor',
  'Action',
  'Target',
  'Status',
  'Address',
  'Before',
  'After',
];

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The filtered log as CSV (the shared writer neutralises formula text), read a page at a time. */
export function auditCsv(db: Db, scope: CompanyScope, q: Omit<Query, 'limit' | 'cursor'>) {
  const PAGE = 1000;
  async function* rows(): AsyncGenerator<CsvCell[]> {
    let before: number | undefined;
    for (;;) {
      const page = await auditRows(db, scope, { ...filterOf(q), before }, PAGE);
      for (const r of page)
        yield [
          r.createdAt.toISOString(),
          r.actorKind,
          r.actorLabel,
          r.action,
          json(r.target),
          r.status,
          r.ip,
          json(r.before),
          json(r.after),
        ];
      if (page.length < PAGE) return;
      before = page.at(-1)!.id;
    }
  }
  return csvStream(AUDIT_CSV_HEADER, rows());
}
