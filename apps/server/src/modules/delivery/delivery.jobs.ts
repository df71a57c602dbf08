import type { AppContext } from '../../context.ts';
import type { AnyJob } from '../../jobs/registry.ts';
import { dispatch, sendDue } from './delivery.engine.ts';
import { trainingDeliveries } from '../../db/schema/index.ts';
import { releaseClaimsOfDeadSenders, sendWhileClaimed } from './delivery.send.ts';
import { hasWork } from './delivery.send.queries.ts';

export const DISPATCH_JOB = 'deliveries.dispatch';
export const SEND_JOB = 'deliveries.send';
/** Send loops started at once; each process runs one at a time, so several processes share the work. */
const SENDERS = 2;

/** Asks the workers to look for due deliveries now rather than at the next minute. */
export async function kickDeliveries(ctx: AppContext): Promise<void> {
  await ctx.queue.send(DISPATCH_JOB, {});
}

/** After a restart: claims a dead process left are resumed now rather than at the next tick. */
async function resume(ctx: AppContext): Promise<void> {
  await releaseClaimsOfDeadSenders(ctx.database, trainingDeliveries);
  await kickDeliveries(ctx);
}

async function runDispatch(ctx: AppContext): Promise<void> {
  await dispatch(ctx.db);
  if (await hasWork(ctx.db, trainingDeliveries, new Date())) {
    for (let i = 0; i < SENDERS; i++) await ctx.queue.send(SEND_JOB, {});
  }
}

async function runSend(ctx: AppContext): Promise<void> {
  const sent = await sendWhileClaimed(ctx.db, trainingDeliveries, () => sendDue(ctx));
  if (sent > 0) {
    ctx.log.info({ sent }, 'training mails sent');
    // Events whose last mail just left are closed now rather than at the next tick.
    await dispatch(ctx.db);
  }
}

export const deliveryJobs: AnyJob[] = [
  { name: DISPATCH_JOB, handler: runDispatch, cron: '* * * * *', onStart: resume },
  { name: SEND_JOB, handler: runSend },
];
