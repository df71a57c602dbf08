import { eq } from 'drizzle-orm';
import { trainingById } from '../trainings/trainings.queries.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentParticipants,
  assessments,
  companies,
  trainingEvents,
  trainings,
} from '../../db/schema/index.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { DEMO } from './demo.data.ts';
import { loadDemoData } from './demo.service.ts';

describe.each(testDatabases())('demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    'loads once, with a running program, a scheduled one and a draft in the demo company',
    { timeout: 120_000 },
    async () => {
      expect(await loadDemoData(t.ctx.db)).toBe(true);
      expect(await loadDemoData(t.ctx.db)).toBe(false);
      const [harbor] = await t.ctx.db.select().from(companies).where(eq(companies.name, DEMO.company.name));
      const programs = await t.ctx.db.select().from(trainings).where(eq(trainings.companyId, harbor!.id));
      expect(programs.map((p) => p.status).sort()).toEqual(['active', 'draft', 'scheduled']);
      const scheduled = programs.find((p) => p.status === 'scheduled')!;
      const events = await t.ctx.db
        .select()
        .from(trainingEvents)
        .where(eq(trainingEvents.trainingId, scheduled.id));
      expect(events.filter((e) => e.type === 1).length).toBeGreaterThan(1);
      expect(events.every((e) => e.sendAt.getTime() > Date.now())).toBe(true);

      // The running program has a history: two deliveries out, employees who opened and finished lessons.
      const running = programs.find((p) => p.status === 'active')!;
      const view = await trainingById(t.ctx.db, harbor!.id, running.id);
      expect(view!.eventsSent).toBe(2);
      expect(view!.totalUsers).toBeGreaterThan(10);
      expect(view!.opened).toBeGreaterThan(view!.totalUsers / 2);
      expect(view!.score).toBeGreaterThan(0);
      expect(view!.score).toBeLessThan(view!.total);

      // Two assessments: a finished baseline most of the company took, and a check still running.
      const made = await t.ctx.db.select().from(assessments).where(eq(assessments.companyId, harbor!.id));
      expect(made.map((a) => a.status).sort()).toEqual(['active', 'completed']);
      for (const a of made) {
        const people = await t.ctx.db
          .select()
          .from(assessmentParticipants)
          .where(eq(assessmentParticipants.assessmentId, a.id));
        const finished = people.filter((p) => p.finishedAt !== null);
        expect(finished.length).toBeGreaterThan(5);
        expect(finished.length).toBeLessThan(people.length);
        expect(finished.every((p) => p.score !== null && p.score >= 0 && p.score <= 100)).toBe(true);
        // The employees answered differently: their scores spread over more than one band.
        expect(new Set(finished.map((p) => Math.floor(p.score! / 25))).size).toBeGreaterThan(1);
      }
    },
  );
});
