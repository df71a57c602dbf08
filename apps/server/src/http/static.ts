import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CONTENT_DIR } from '../modules/content/content-pack.ts';

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIST = path.join(appsDir, 'web/dist');
export const LEARNER_DIST = path.join(appsDir, 'learner/dist');

/** Vite names the files under assets/ by their content hash: they never change, so browsers keep them. */
function cacheHashedAssets(reply: FastifyReply, filePath: string): void {
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    reply.header('cache-control', 'public, max-age=31536000, immutable');
}

/**
 * Serves the built apps: the learner app under /learn/, the manager app at the root. Unknown paths
 * that a browser asks for as a page get the app's index.html, so client routes work on reload.
 */
export async function registerStaticApps(app: FastifyInstance): Promise<void> {
  // Content media (videos, captions, thumbnails, materials): immutable names, cached long.
  await app.register(fastifyStatic, {
    root: path.join(CONTENT_DIR, 'media'),
    prefix: '/media/',
    decorateReply: false,
    wildcard: true,
    maxAge: '7d',
  });
  const hasWeb = existsSync(path.join(WEB_DIST, 'index.html'));
  const hasLearner = existsSync(path.join(LEARNER_DIST, 'index.html'));
  if (hasLearner) {
    await app.register(fastifyStatic, {
      root: LEARNER_DIST,
      prefix: '/learn/',
      decorateReply: false,
      wildcard: false,
      setHeaders: cacheHashedAssets,
    });
  }
  if (hasWeb) {
    // /notification.json is the server's (notification.routes.ts), even if a build ships a sample.
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      wildcard: false,
      index: false,
      globIgnore: ['notification.json'],
      setHeaders: cacheHashedAssets,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    const isApi = url.startsWith('/api/') || url === '/api';
    // Static files are served before this handler, so any page a browser asks for here is a client
    // route, even one whose last segment looks like a file name (…/user/ann%40example.com/).
    if (wantsPage && !isApi) {
      if (url.startsWith('/learn') && hasLearner) return reply.sendFile('index.html', LEARNER_DIST);
      if (hasWeb) return reply.header('cache-control', 'no-cache').sendFile('index.html', WEB_DIST);
    }
    return reply.status(404).send({ error: 'Not Found', description: `No route ${request.method} ${url}` });
  });
}
