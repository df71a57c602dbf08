import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PhishingClickConfirm, PhishingClickSignals } from '@vigil/shared';
import { useCsp } from '../../http/csp.ts';
import { pageCsp } from './phishing-tracking.pages.ts';
import {
  confirmClick,
  linkRequest,
  openPixel,
  submit,
  teachableMoment,
  type PageAnswer,
} from './phishing-tracking.service.ts';

const TokenParams = z.object({ token: z.string().min(1).max(100) });
// The smallest transparent GIF (43 bytes).
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function sendPage(reply: FastifyReply, page: PageAnswer, headOnly = false) {
  useCsp(reply, pageCsp(page.nonce))
    .status(page.status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8');
  return reply.send(headOnly ? '' : page.html);
}

/**
 * The public paths of a simulated mail (no session; the token's MAC decides). Outside /api, so the
 * link in a mail is short and looks like any other site's.
 */
export async function phishingPublicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // A landing page without script posts its form as application/x-www-form-urlencoded: only the visit.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const form = new URLSearchParams(body as string);
    done(null, { visit: form.get('visit') ?? '' });
  });
  const hide = { hide: true };
  // A page is a few kB: compressing it costs more time than it saves on the wire.
  const plain = { compress: false as const };

  r.route({
    method: ['GET', 'HEAD'],
    url: '/p/:token',
    ...plain,
    schema: { ...hide, params: TokenParams },
    handler: async (request, reply) => {
      const page = await linkRequest(ctx, request.params.token, request);
      return sendPage(reply, page, request.method === 'HEAD');
    },
  });

  r.post(
    '/p/:token/confirm',
    { schema: { ...hide, params: TokenParams, body: PhishingClickConfirm } },
    async (request, reply) => {
      await confirmClick(ctx, request.params.token, request.body.visit, request.body.signals);
      return reply.status(204).header('cache-control', 'no-store').send();
    },
  );

  r.post(
    '/p/:token/submit',
    {
      schema: {
        ...hide,
        params: TokenParams,
        // Only these two fields are read; anything else a client sends is dropped here, never kept.
        body: z.object({ visit: z.string().max(200), signals: PhishingClickSignals.optional() }),
      },
    },
    async (request, reply) => {
      const next = await submit(ctx, request.params.token, request.body.visit, request.body.signals, request);
      if (!next) return reply.status(404).send();
      reply.header('cache-control', 'no-store');
      // The script opens the teachable moment itself; a form posted without script is sent on.
      if (String(request.headers['content-type'] ?? '').includes('json')) return reply.status(204).send();
      return reply.status(303).header('location', next).send();
    },
  );

  r.get('/p/:token/learn', { schema: { ...hide, params: TokenParams } }, async (request, reply) =>
    sendPage(reply, await teachableMoment(ctx, request.params.token)),
  );

  r.route({
    method: ['GET', 'HEAD'],
    url: '/p/:token/o.gif',
    ...plain,
    schema: { ...hide, params: TokenParams },
    handler: async (request, reply) => {
      await openPixel(ctx, request.params.token, request);
      return reply
        .header('cache-control', 'no-store, max-age=0')
        .type('image/gif')
        .send(request.method === 'HEAD' ? undefined : PIXEL);
    },
  });
}
