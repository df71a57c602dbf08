// Directory sync from the local fake Graph: a full sync of 10 000 users in 200 groups, then a no-change
// re-sync, through the real API (connect, rules, sync) and the sync engine (the job's work, run here).
// Usage: node --expose-gc --import tsx bench/directory-sync.ts [--db pglite|postgres] [--users 10000] [--groups 200]
//        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --expose-gc --import tsx bench/directory-sync.ts --db postgres
// Targets: full sync ≤ 30 s on PGlite and ≤ 15 s on PostgreSQL; no-change re-sync ≤ 5 s; memory flat
// (the heap after the re-sync within 50 MB of the heap after the first sync).
import { parseArgs } from 'node:util';
import { systemScope } from '../apps/server/src/lib/scope.ts';
import { performSync } from '../apps/server/src/modules/directory/directory.service.ts';
import { fakeDirectoryEnv, startFakeDirectory } from '../apps/server/src/test/fake-directory.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany } from './bench-company.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    users: { type: 'string', default: '10000' },
    groups: { type: 'string', default: '200' },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const users = Number(values.users);
const groupCount = Number(values.groups);

const fake = await startFakeDirectory();
fake.seed(users, groupCount);
const t = await createTestApp(kind, { ...fakeDirectoryEnv(fake), JOBS: '0' }, { onDisk: true });
const heapMb = () => {
  globalThis.gc?.();
  return Math.round(process.memoryUsage().heapUsed / 1e6);
};
try {
  const { company, api } = await benchCompany(t, 'Directory Co', users * 2);
  await api('POST', '/integrations/azure/connect', { ...fake.azure });
  await api('PUT', '/integrations/azure/rules', {
    rules: [...fake.groups.values()].map((g) => ({ externalId: g.id, displayName: g.name, rule: 1 })),
  });
  const scope = systemScope(company.id, 'bench');
  const timed = async () => {
    const { syncId } = await api('POST', '/integrations/azure/sync', {});
    const started = performance.now();
    await performSync(t.ctx, scope, syncId);
    const ms = Math.round(performance.now() - started);
    const run = await api('GET', `/integrations/azure/syncs/${syncId}`);
    return { ms, run };
  };
  const heapBefore = heapMb();
  const full = await timed();
  const heapAfterFull = heapMb();
  const again = await timed();
  const heapAfterAgain = heapMb();
  console.log(
    JSON.stringify(
      {
        db: kind,
        users,
        groups: groupCount,
        fullSyncMs: full.ms,
        fullStatus: full.run.status,
        created: {
          groups: full.run.createdGroups,
          users: full.run.createdUsers,
          memberships: full.run.createdMembership,
        },
        noChangeResyncMs: again.ms,
        noChangeStatus: again.run.status,
        noChangeWrites:
          again.run.createdUsers +
          again.run.updatedUsers +
          again.run.createdMembership +
          again.run.removedMembership,
        heapMb: { before: heapBefore, afterFull: heapAfterFull, afterResync: heapAfterAgain },
        graphCalls: fake.calls.length,
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
  await fake.close();
}
