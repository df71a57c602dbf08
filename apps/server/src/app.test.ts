import { afterEach, describe, expect, it } from 'vitest';
import { startApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { createTestApp, testDatabases, type TestApp } from './test/harness.ts';

describe.each(testDatabases())('starting the app on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('runs the beforeJobs step once the queues exist and before any job is scheduled or worked', async () => {
    t = await createTestApp(kind, {}, { onDisk: true });
    await t.release();
    const database = await openDatabase(
      t.databaseUrl ? { databaseUrl: t.databaseUrl } : { dataDir: t.dataDir },
    );
    const seen: { schedules: string[]; queueExists: boolean }[] = [];
    const app = await startApp({ ...t.config, jobs: true }, database, {
      async beforeJobs(server) {
        // pg-boss keeps the schedules from the last start in the database: clear them, as a fresh
        // database would have none, then look at what exists while the step runs.
        for (const s of await server.ctx.queue.getSchedules()) await server.ctx.queue.unschedule(s.name);
        seen.push({
          schedules: (await server.ctx.queue.getSchedules()).map((s) => s.name),
          queueExists: (await server.ctx.queue.getQueue('deliveries.dispatch')) !== null,
        });
      },
    });
    try {
      expect(seen).toEqual([{ schedules: [], queueExists: true }]);
      const after = (await app.server.ctx.queue.getSchedules()).map((s) => s.name);
      expect(after).toContain('deliveries.dispatch');
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
