/**
 * The rules of the kept figures live once, as SQL functions (migration 0012), and the queries call
 * them. That costs nothing only while the planner inlines them: a call it cannot see through is an
 * opaque filter, run row by row, that no index on the delivery's status can serve. These tests read
 * the plans, so a change to a rule's definition that stops the inlining (plpgsql, a volatile marker, a
 * second statement) fails here rather than slowing the learner API and the detail pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES } from '@vigil/shared';
import { queryRows, type Db } from './client.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/harness.ts';

/** The plan's nodes, each with its index and its conditions as the planner rewrote them. */
async function planOf(db: Db, query: SQL) {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (verbose, format json) ${query}`);
  const raw = row!['QUERY PLAN'];
  const nodes: { index?: string; conditions: string[] }[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (typeof n['Node Type'] === 'string')
      nodes.push({
        index: n['Index Name'] as string | undefined,
        conditions: ['Index Cond', 'Recheck Cond', 'Filter', 'Join Filter', 'Hash Cond']
          .map((k) => n[k])
          .filter((c): c is string => typeof c === 'string'),
      });
    Object.values(n).forEach(walk);
  };
  walk(typeof raw === 'string' ? JSON.parse(raw) : raw);
  return { nodes, text: nodes.flatMap((n) => n.conditions).join(' | ') };
}

describe('the reached rule', () => {
  it('is written once, in the migration: the server’s queries call delivery_reached', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const inline = /status\s+in\s*\(\s*'(sent|bounced)'\s*,\s*'(sent|bounced)'\s*\)/i;
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => inline.test(readFileSync(path.join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe.each(testDatabases())('the delivery rules of migration 0012 on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('counts a delivery as reached when it was sent or bounced, for every status there is', async () => {
    const rows = await queryRows<{ status: string; reached: boolean }>(
      t.ctx.db,
      sql`select s as status, delivery_reached(s) as reached
          from unnest(${sql.raw(`array[${DELIVERY_STATUSES.map((s) => `'${s}'`).join(', ')}]`)}) as s`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.status, r.reached]))).toEqual({
      pending: false,
      sending: false,
      sent: true,
      bounced: true,
      failed: false,
    });
  });

  it('is inlined by the planner, so an index on the status still serves a query that calls it', async () => {
    // This suite's own database: the index stays; enable_seqscan only for the one transaction.
    await t.ctx.db.execute(sql`create index figure_rules_status_test on training_deliveries (status)`);
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return planOf(
        tx as unknown as Db,
        sql`select d.id from training_deliveries d where delivery_reached(d.status)`,
      );
    });
    expect(plan.text).not.toContain('delivery_reached');
    expect(plan.nodes.find((n) => n.index === 'figure_rules_status_test')?.conditions).toEqual([
      "(d.status = ANY ('{sent,bounced}'::text[]))",
    ]);
  });

  it('inlines the delivered-views and finished rules as well', async () => {
    const views = await planOf(
      t.ctx.db,
      sql`select d.id from training_deliveries d join training_events e on e.id = d.event_id
          join trainings p on p.id = d.training_id
          where delivery_counts_views(d.status, e.type, d.round, d.channel, p.channel)`,
    );
    expect(views.text).not.toContain('delivery_counts_views');
    expect(views.text).toContain("(d.status = 'sent'::text)");
    const finished = await planOf(
      t.ctx.db,
      sql`select p.subject_id from training_progress p
          where subject_finished(1, p.video_percent, p.answered_mask, p.last_decision, p.questions)`,
    );
    expect(finished.text).not.toContain('subject_finished');
    expect(finished.text).toContain('((p.video_percent)::integer >= 95)');
  });
});
