import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, Language } from '@vigil/shared';

/** Health, languages and the security contact: the routes that need no module of their own. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({ ok: true as const }),
  );

  r.get(
    '/api/languages/all',
    { schema: { tags: ['system'], response: { 200: z.array(Language) } } },
    async () =>
      LANGUAGES.map((l) => ({
        code: l.code,
        english_name: l.english_name,
        file: `/static/locales/${l.code}/common.json`,
        filePattern: '/static/locales/{lng}/{ns}.json',
      })),
  );

  app.get('/.well-known/security.txt', { schema: { hide: true } }, async (_request, reply) => {
    const { config } = app.ctx;
    const expires = new Date(Date.now() + 365 * 86_400_000).toISOString();
    reply.type('text/plain; charset=utf-8');
    return [
      `Contact: mailto:${config.supportEmail}`,
      `Expires: ${expires}`,
      'Preferred-Languages: en',
      `Canonical: ${config.publicUrl}/.well-known/security.txt`,
      '',
    ].join('\n');
  });
}
