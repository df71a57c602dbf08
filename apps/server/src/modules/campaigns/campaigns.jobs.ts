import type { AppContext } from '../../context.ts';
import { defineJob, enqueue, type AnyJob } from '../../jobs/jobs.ts';
import { releaseClaimsOfDeadSenders, sendDueFrom, sendWhileClaimed } from '../delivery/delivery.send.ts';
import { hasWork } from '../delivery/delivery.send.ts';
import { campaignKind, campaignKinds, type CampaignKind } from './campaigns.kind.ts';

/** Send loops started at once; each process runs one at a time, so several processes share the work. */
const SENDERS = 2;

/** Asks the workers to look for this kind's due events now rather than at the next minute. */
export async function kickCampaign(ctx: AppContext, kindName: string): Promise<void> {
  await enqueue(ctx, campaignKind(kindName).queues.dispatch, {});
}

/** The dispatch tick and the send loop of one kind, on its own queues. */
function jobsOf(kind: CampaignKind): AnyJob[] {
  const { deliveries } = kind.tables;
  const runDispatch = async (ctx: AppContext) => {
    await kind.dispatchAcrossCompanies(ctx.db);
    if (await hasWork(ctx.db, deliveries, new Date())) {
      for (let i = 0; i < SENDERS; i++) await enqueue(ctx, kind.queues.send, {});
    }
  };
  const runSend = async (ctx: AppContext) => {
    const sent = await sendWhileClaimed(ctx.db, deliveries, () => sendDueFrom(ctx, kind.source()));
    if (sent > 0) {
      ctx.log.info({ sent, kind: kind.name }, 'campaign messages sent');
      // Events whose last message just left are closed now rather than at the next tick.
      await kind.dispatchAcrossCompanies(ctx.db);
    }
  };
  // After a restart: claims a dead process left are resumed now rather than at the next tick.
  const resume = async (ctx: AppContext) => {
    await releaseClaimsOfDeadSenders(ctx.database, deliveries);
    await enqueue(ctx, kind.queues.dispatch, {});
  };
  return [
    defineJob({ name: kind.queues.dispatch, handler: runDispatch, cron: '* * * * *', onStart: resume }),
    defineJob({ name: kind.queues.send, handler: runSend }),
  ];
}

/** The jobs of every registered kind. */
export const campaignJobs = (): AnyJob[] => campaignKinds().flatMap(jobsOf);
