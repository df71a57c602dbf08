import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMBED_TICKET_META, EmbedQuery, PPV_MESSAGES } from '@vigil/shared';
import { escapeHtml } from '../lib/html.ts';
import { SIGNED_MEDIA_PREFIX, verifyMediaUrl } from '../lib/signed-media.ts';
import { CONTENT_DIR } from '../modules/content/content-pack.ts';
import { isPackagePage } from '../modules/packages/packages.service.ts';
import { domainAllowed, embedTicket, framingSources, hostOf, ppvOfKey } from '../modules/ppv/ppv.service.ts';
import { useCsp, type CspRule } from './csp.ts';

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIST = path.join(appsDir, 'web/dist');
export const LEARNER_DIST = path.join(appsDir, 'learner/dist');
export const EMBED_DIST = path.join(appsDir, 'embed/dist');

/** Vite names the files under assets/ by their content hash: they never change, so browsers keep them. */
function cacheHashedAssets(reply: FastifyReply, filePath: string): void {
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    reply.header('cache-control', 'public, max-age=31536000, immutable');
}

/**
 * Any page may frame a package's content page (the learner app a launch from an LMS opens), and so, one
 * frame deeper, a SCORM subject it plays (frame-ancestors checks every ancestor up to the top, the LMS's
 * page included). The SCORM subjects are the content pack's public files.
 */
const FRAMED_BY_ANY: CspRule = { framedBy: '*' };
const SCORM_MEDIA = '/media/scorm/';

/**
 * Serves the built apps: the learner app under /learn/, the manager app at the root. Unknown paths
 * that a browser asks for as a page get the app's index.html, so client routes work on reload.
 */
export async function registerStaticApps(app: FastifyInstance): Promise<void> {
  const { secretKey } = app.ctx.config;
  // Content media (thumbnails, materials, SCORM packages): immutable names, cached long. Videos and
  // captions (/media/videos/) answer only a signed URL (lib/signed-media.ts), cached privately until
  // it expires; range requests are @fastify/static's own.
  await app.register(async (media) => {
    media.addHook('onRequest', async (request, reply) => {
      const [pathname = '', search = ''] = request.url.split('?');
      if (pathname.startsWith(SCORM_MEDIA)) useCsp(reply, FRAMED_BY_ANY);
      if (!pathname.startsWith(SIGNED_MEDIA_PREFIX)) return;
      const q = new URLSearchParams(search);
      if (!verifyMediaUrl(secretKey, pathname, q.get('exp') ?? undefined, q.get('sig') ?? undefined)) {
        return reply
          .status(403)
          .header('cache-control', 'no-store')
          .send({ error: 'Forbidden', description: 'This link has expired.' });
      }
    });
    await media.register(fastifyStatic, {
      root: path.join(CONTENT_DIR, 'media'),
      prefix: '/media/',
      decorateReply: false,
      wildcard: true,
      maxAge: '7d',
      // A signed file is kept by the browser alone, until its link expires.
      setHeaders: (reply) => {
        const [pathname = '', search = ''] = reply.request.url.split('?');
        if (!pathname.startsWith(SIGNED_MEDIA_PREFIX)) return;
        const left = Number(new URLSearchParams(search).get('exp')) - Math.floor(Date.now() / 1000);
        reply.header('cache-control', `private, max-age=${Math.max(0, left)}`);
      },
    });
  });
  await registerEmbedPlayer(app);
  const hasWeb = existsSync(path.join(WEB_DIST, 'index.html'));
  const hasLearner = existsSync(path.join(LEARNER_DIST, 'index.html'));
  const learnerPage = hasLearner ? appDocument(LEARNER_DIST) : null;
  const webPage = hasWeb ? appDocument(WEB_DIST) : null;
  if (hasLearner) {
    await app.register(fastifyStatic, {
      root: LEARNER_DIST,
      prefix: '/learn/',
      decorateReply: false,
      wildcard: false,
      index: false,
      globIgnore: ['index.html'],
      setHeaders: cacheHashedAssets,
    });
    app.get('/learn/', (request, reply) => sendAppPage(request, reply, learnerPage!));
  }
  if (hasWeb) {
    // /notification.json is the server's (notification.routes.ts), even if a build ships a sample.
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      wildcard: false,
      index: false,
      globIgnore: ['notification.json', 'index.html'],
      setHeaders: cacheHashedAssets,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A package's content page is the LMS's to frame, built or not (then it answers 404 below).
    if (isPackagePage(request.url)) useCsp(reply, FRAMED_BY_ANY);
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    const isApi = url.startsWith('/api/') || url === '/api';
    // Static files are served before this handler, so any page a browser asks for here is a client
    // route, even one whose last segment looks like a file name (…/user/ann%40example.com/).
    if (wantsPage && !isApi) {
      if (url.startsWith('/learn') && learnerPage) return sendAppPage(request, reply, learnerPage);
      if (webPage) return sendAppPage(request, reply, webPage);
    }
    return reply.status(404).send({ error: 'Not Found', description: `No route ${request.method} ${url}` });
  });
}

interface AppPage {
  html: string;
  /** CSP sources of its inline scripts ('sha256-…'). */
  scriptSources: string[];
}

/**
 * An app's index.html (the manager app's or the learner app's), read once, and the hashes that let its
 * inline first script run (each app's vite.config.ts writes one into the page).
 */
function appDocument(dist: string): AppPage {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scriptSources = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
  return { html, scriptSources };
}

/**
 * An app's page; its CSP admits its own inline script. A package's content page (the learner app a
 * launch from an LMS opens) may be framed by any page.
 */
function sendAppPage(request: FastifyRequest, reply: FastifyReply, page: AppPage) {
  const rule: CspRule = { allow: { script: page.scriptSources } };
  useCsp(reply, isPackagePage(request.url) ? { ...rule, ...FRAMED_BY_ANY } : rule);
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
}

/**
 * The /embed player (apps/embed, or EMBED_DIR): its document for a known key, framed only by the key's
 * allowed domains (CSP frame-ancestors), with a ticket naming the framing page when the Referer is on
 * that list; and its bundle under /embed/assets/.
 */
async function registerEmbedPlayer(app: FastifyInstance): Promise<void> {
  const { config, db } = app.ctx;
  const dir = config.embedDir ?? EMBED_DIST;
  const indexFile = path.join(dir, 'index.html');
  if (existsSync(path.join(dir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(dir, 'assets'),
      prefix: '/embed/assets/',
      decorateReply: false,
      wildcard: true,
      setHeaders: cacheHashedAssets,
    });
  }
  let document: string | null = null;
  const refusal = (text: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Video unavailable</title></head><body><p>${escapeHtml(text)}</p></body></html>`;

  app.get('/embed', async (request, reply) => {
    const query = EmbedQuery.safeParse(request.query);
    const ppv = query.success ? await ppvOfKey(db, query.data.key) : null;
    reply.header('cache-control', 'no-store');
    if (!query.success || !ppv || (query.data.c && query.data.c !== ppv.companyId)) {
      // Any page may frame the refusal, so the embedding page shows why there is no video.
      useCsp(reply, { framedBy: '*' });
      return reply.status(403).type('text/html; charset=utf-8').send(refusal(PPV_MESSAGES.keyUnknown));
    }
    if (document === null) {
      if (!existsSync(indexFile))
        return reply.status(503).type('text/plain').send('The player is not built.');
      document = readFileSync(indexFile, 'utf8');
    }
    useCsp(reply, { framedBy: framingSources(ppv.allowedDomains) });
    const framer = hostOf(request.headers.referer);
    const html =
      framer && domainAllowed(ppv.allowedDomains, framer)
        ? document.replace(
            /<head>/i,
            `<head><meta name="${EMBED_TICKET_META}" content="${escapeHtml(embedTicket(config, ppv.apiKey, query.data.s, framer))}">`,
          )
        : document;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
