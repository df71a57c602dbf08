/**
 * The campaign lists' tabs: for programs and assessments, for an admin and a viewer, with and without
 * a search, every tab's count equals the number of rows its list shows (and the list's total).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_STATUSES,
  ASSESSMENT_TABS,
  TRAINING_STATUSES,
  TRAINING_TABS,
  type TabCounts,
} from '@vigil/shared';
import { assessments, trainings } from '../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/harness.ts';

describe.each(testDatabases())('campaign list tabs on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    companyId = (await createCompany(db, { name: 'Tabs Co' })).id;
    const [a, v] = [await createManager(db), await createManager(db)];
    await addMember(db, companyId, a.id, 1);
    await addMember(db, companyId, v.id, 2);
    [admin, viewer] = [await signIn(t, a.id), await signIn(t, v.id)];
    // Each status a different number of times (2 to 5), some of each named "Phishing …".
    const name = (status: string, i: number) => `${i % 2 ? 'Phishing' : 'Passwords'} ${status} ${i}`;
    await db
      .insert(trainings)
      .values(
        TRAINING_STATUSES.flatMap((status, n) =>
          Array.from({ length: n + 2 }, (_, i) => ({ companyId, name: name(status, i), status })),
        ),
      );
    await db
      .insert(assessments)
      .values(
        ASSESSMENT_STATUSES.flatMap((status, n) =>
          Array.from({ length: 5 - n }, (_, i) => ({ companyId, name: name(status, i), status })),
        ),
      );
  });
  afterAll(async () => {
    await t?.close();
  });

  const lists = [
    { path: 'automations', tabs: TRAINING_TABS },
    { path: 'assessments', tabs: ASSESSMENT_TABS },
  ] as const;

  it.each(lists)('counts on each tab of $path what its list shows', async ({ path, tabs }) => {
    for (const [who, token] of [
      ['admin', admin],
      ['viewer', viewer],
    ] as const) {
      for (const q of ['', 'phishing']) {
        for (const tab of tabs) {
          if (tab === 'draft' && who === 'viewer') continue;
          const res = await t.inject({
            method: 'GET',
            url: `/api/companies/${companyId}/${path}?tab=${tab}&n=100${q ? `&q=${q}` : ''}`,
            headers: bearer(token),
          });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json<{ rows: { status: string }[]; total: number; counts: TabCounts }>();
          const context = `${path} ${tab} as ${who}${q ? ` searching ${q}` : ''}`;
          expect(body.rows.length, context).toBe(body.counts[tab]);
          expect(body.total, context).toBe(body.counts[tab]);
          expect(body.rows.length, context).toBeGreaterThan(0);
          if (tab === 'active')
            expect(new Set(body.rows.map((r) => r.status)), context).toEqual(
              new Set(['scheduled', 'active']),
            );
        }
      }
    }
  });
});
