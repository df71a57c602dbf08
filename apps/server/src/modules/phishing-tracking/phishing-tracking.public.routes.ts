import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PhishingClickConfirm, PhishingClickSignals } from '@vigil/shared';
import { useCsp } from '../../http/csp.ts';
import { pageCsp, pageNonce, tooManyHtml } from './phishing-tracking.pages.ts';
import {
  confirmClick,
  linkRequest,
  linkRequestOverLimit,
  networkOf,
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

const LINK_PATH = '/p/:token';

/**
 * The rate limits of /p/* (counted by @fastify/rate-limit in this process, per minute):
 * - per mail and path (`PHISHING_LINK_RATE_LIMIT`, 20): a person opens a link a few times, a scanner
 *   checks it a few times more; a link requested more often is a loop or a flood. Beyond the limit the
 *   request gets 429 with Retry-After, and the first of them in the window is still kept once as
 *   scanner activity (a burst), so the results show it;
 * - per client network, IPv4 /24 or IPv6 /48 (`PHISHING_NETWORK_RATE_LIMIT`, 60,000): a ceiling only.
 *   A company's own proxy sends all its employees' clicks from one address, and its mail gateway checks
 *   every link of a campaign as the mails arrive, so a network's ordinary rate is high; 1,000 requests
 *   a second of different mails from one network stay below it.
 * Each counts up to 50,000 keys (least recently used first out), so requests of made-up tokens cannot
 * push a real link's count out.
 */
function rateLimits(app: FastifyInstance) {
  const { link, network } = app.ctx.config.phishingRateLimits;
  const perLink: RateLimitOptions = {
    max: link,
    timeWindow: 60_000,
    cache: 50_000,
    keyGenerator: (request) =>
      `${request.routeOptions.url} ${(request.params as { token?: string }).token ?? ''}`,
  };
  const perNetwork: RateLimitOptions = {
    max: network,
    timeWindow: 60_000,
    cache: 50_000,
    keyGenerator: (request) => networkOf(request.ip),
  };
  return { perLink: app.createRateLimit(perLink), perNetwork: app.createRateLimit(perNetwork) };
}

/** The links over their limit already kept once in their window (until the window ends). */
function keptOnce() {
  const until = new Map<string, number>();
  return (key: string, ttlMs: number): boolean => {
    const now = Date.now();
    if ((until.get(key) ?? 0) > now) return false;
    if (until.size >= 10_000) for (const [k, end] of until) if (end <= now) until.delete(k);
    until.set(key, now + ttlMs);
    return true;
  };
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
  const { perLink, perNetwork } = rateLimits(app);
  const firstOver = keptOnce();
  const tooMany = (reply: FastifyReply, request: FastifyRequest, seconds: number) => {
    const nonce = pageNonce();
    reply.header('retry-after', String(seconds));
    return sendPage(reply, { status: 429, html: tooManyHtml(nonce), nonce }, request.method === 'HEAD');
  };
  app.addHook('onRequest', async (request, reply) => {
    const fromNetwork = await perNetwork(request);
    if (!fromNetwork.isAllowed && fromNetwork.isExceeded)
      return tooMany(reply, request, fromNetwork.ttlInSeconds);
    const ofLink = await perLink(request);
    if (ofLink.isAllowed || !ofLink.isExceeded) return;
    const token = (request.params as { token?: string }).token;
    if (request.routeOptions.url === LINK_PATH && token && firstOver(ofLink.key, ofLink.ttl))
      await linkRequestOverLimit(ctx, token, request);
    return tooMany(reply, request, ofLink.ttlInSeconds);
  });
  const hide = { hide: true };
  // A page is a few kB: compressing it costs more time than it saves on the wire.
  const plain = { compress: false as const };

  r.route({
    method: ['GET', 'HEAD'],
    url: LINK_PATH,
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
