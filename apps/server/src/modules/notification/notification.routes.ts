import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorPayload, PublicNotification } from '@vigil/shared';
import { NotificationFile } from './notification.service.ts';

/** Clients poll the file; a minute keeps a new banner quick to appear and the server quiet. */
const CACHE = 'public, max-age=60';

/** GET /notification.json — public, no sign-in: the banner every manager sees (spec 1 §7). */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const file = new NotificationFile(app.ctx.config.notificationFile, app.log);

  r.get(
    '/notification.json',
    { schema: { tags: ['system'], security: [], response: { 200: PublicNotification, 404: ErrorPayload } } },
    async (_request, reply) => {
      const notification = await file.read();
      reply.header('cache-control', CACHE);
      // Answered here, not by the not-found handler, which would give a browser the app's page.
      if (!notification)
        return reply.status(404).send({ error: 'Not Found', description: 'There is no notification.' });
      return notification;
    },
  );
}
