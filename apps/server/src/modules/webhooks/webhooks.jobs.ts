import { defineJob } from '../../jobs/jobs.ts';
import { systemScope } from '../../lib/scope.ts';
import { endpointsAcrossCompanies } from './webhooks.queries.ts';
import { attemptDelivery, DELIVER_JOB, scanEndpoint } from './webhooks.service.ts';
import type { AppContext } from '../../context.ts';

/** Every endpoint's events since its last scan become deliveries (each company in its own scope). */
export async function scanAcrossCompanies(ctx: AppContext, now = new Date()): Promise<number> {
  let added = 0;
  for (const endpoint of await endpointsAcrossCompanies(ctx.db))
    added += await scanEndpoint(ctx, systemScope(endpoint.companyId, 'webhooks.scan'), endpoint, now);
  return added;
}

export const webhooksJobs = [
  defineJob({
    name: 'webhooks.scan',
    cron: '* * * * *',
    handler: async (ctx) => void (await scanAcrossCompanies(ctx)),
  }),
  defineJob({
    name: DELIVER_JOB,
    handler: (ctx, data) => attemptDelivery(ctx, systemScope(data.companyId, DELIVER_JOB), data.deliveryId),
  }),
];
