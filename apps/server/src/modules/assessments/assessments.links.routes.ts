import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const AccessParams = z.object({ id: z.uuid() });
const AccessQuery = z.object({ o: z.uuid(), sso: z.enum(['0', '1']).optional() });
const DemoParams = z.object({ companyUid: z.string().min(1).max(100), sender: z.string().max(500) });

/**
 * The links managers hand out, outside /api: the manual schedule's access link and the "try demo"
 * links. Each redirects into the learner app's matching route.
 */
export async function assessmentLinkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const learnerUrl = app.ctx.config.learnerUrl;
  const hide = { hide: true };

  // The manager app's own pages live under /assessments/ too (the list, an assessment's page): a path
  // that is not an access link — no uuid, no `o` — is theirs, so it goes on to the app's pages.
  r.get('/assessments/:id', { schema: hide }, async (request, reply) => {
    const params = AccessParams.safeParse(request.params);
    const query = AccessQuery.safeParse(request.query);
    if (!params.success || !query.success) return reply.callNotFound();
    const { o, sso } = query.data;
    return reply.redirect(`${learnerUrl}/#/access/${params.data.id}?o=${o}${sso === '1' ? '&sso=1' : ''}`);
  });

  for (const kind of ['assessment', 'training'] as const) {
    r.get(
      `/${kind}/try-demo/:companyUid/:sender`,
      { schema: { ...hide, params: DemoParams } },
      async (request, reply) =>
        reply.redirect(`${learnerUrl}/#/demo/${kind}/${encodeURIComponent(request.params.companyUid)}`),
    );
  }
}
