import type { AppContext } from '../context.ts';
import { authJobs } from '../modules/auth/auth.jobs.ts';

export interface JobDefinition<T> {
  name: string;
  handler: (ctx: AppContext, data: T) => Promise<void>;
}

// Each module owns its handlers; this list only gathers them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers differ in their payload type
const definitions: JobDefinition<any>[] = [...authJobs];

/** Creates every queue; with `work`, this process also runs their handlers. */
export async function registerJobs(ctx: AppContext, work: boolean): Promise<void> {
  for (const def of definitions) {
    await ctx.queue.createQueue(def.name, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
    if (!work) continue;
    await ctx.queue.work(def.name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await def.handler(ctx, job.data);
    });
  }
}
