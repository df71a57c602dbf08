import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BlogPage, BlogQuery, ROLES } from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { mediaSigner } from '../../lib/signed-media.ts';
import { blogPage } from './blog.service.ts';

/** GET /blog/posts?page=N — the provider's blog posts for the dashboard panel (company from x-company-id). */
export async function blogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const signer = mediaSigner(app.ctx.config.secretKey);

  r.get(
    '/blog/posts',
    {
      preHandler: requireCompany(ROLES.viewer),
      schema: { tags: ['dashboard'], querystring: BlogQuery, response: { 200: BlogPage } },
    },
    async (request) => blogPage(db, tenantOf(request), request.query.page, signer),
  );
}
