import { defineJob, enqueue } from '../../jobs/jobs.ts';
import { systemScope } from '../../lib/scope.ts';
import type { AppContext } from '../../context.ts';
import { enabledConnectionsAcrossCompanies, staleSyncsAcrossCompanies } from './directory.queries.ts';
import { performSync, startSync } from './directory.service.ts';

/** A running sync not written for this long lost its process: it is taken up again at its cursor. */
const STALE_MS = 2 * 60_000;

/** Queues the syncs a crash or restart left running (each resumes at its cursor). */
export async function resumeStaleSyncs(ctx: AppContext, staleMs = STALE_MS): Promise<number> {
  const stale = await staleSyncsAcrossCompanies(ctx.db, new Date(Date.now() - staleMs));
  for (const run of stale)
    await enqueue(
      ctx,
      'directory.sync',
      { syncId: run.id, companyId: run.companyId },
      { singletonKey: run.id },
    );
  return stale.length;
}

/** The nightly sync: every connected, live directory (not in test mode), one run each. */
export async function nightlySync(ctx: AppContext): Promise<number> {
  let started = 0;
  for (const c of await enabledConnectionsAcrossCompanies(ctx.db)) {
    const scope = systemScope(c.companyId, 'directory.nightly');
    try {
      await startSync(ctx, scope, c.product, { preview: false, userId: null, trigger: 'schedule' });
      started++;
    } catch (err) {
      // No groups chosen, a sync already running, a plan without the integration: nothing to start.
      ctx.log.info({ err, companyId: c.companyId, product: c.product }, 'nightly directory sync skipped');
    }
  }
  return started + (await resumeStaleSyncs(ctx));
}

export const directoryJobs = (ctx: AppContext) => [
  defineJob({
    name: 'directory.sync',
    handler: (jobCtx, data) =>
      performSync(jobCtx, systemScope(data.companyId, 'directory.sync'), data.syncId),
  }),
  defineJob({
    name: 'directory.nightly',
    cron: ctx.config.directory.syncCron,
    handler: async (jobCtx) => void (await nightlySync(jobCtx)),
    onStart: async (jobCtx) => void (await resumeStaleSyncs(jobCtx, 60_000)),
  }),
];
