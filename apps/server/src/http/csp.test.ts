import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCsp } from '../modules/phishing-tracking/phishing-tracking.pages.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/harness.ts';

/** A header as its directives: name → sources. */
const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );

/** The CSP sources that admit a page's inline scripts, by their hashes (the apps' first scripts). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );

describe.each(testDatabases())('content security policy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string) => t.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const header = (rule: Parameters<TestApp['app']['server']['cspHeader']>[0]) => t.app.server.cspHeader(rule);

  it('turns a rule into the directives it names, over the apps’ policy or a page’s own', () => {
    const app = directives(header({}));
    expect(app['frame-ancestors']).toEqual(["'self'"]);
    expect(app['script-src']).toEqual(["'self'"]);
    const framed = directives(
      header({ framedBy: ['https://lms.example'], allow: { media: ['https://cdn.example'] } }),
    );
    expect(framed['frame-ancestors']).toEqual(["'self'", 'https://lms.example']);
    expect(framed['media-src']).toEqual([...app['media-src']!, 'https://cdn.example']);
    expect({ ...framed, 'frame-ancestors': app['frame-ancestors'], 'media-src': app['media-src'] }).toEqual(
      app,
    );
    const page = directives(
      header({ nonce: 'n0', allow: { connect: ['https://api.example'] }, framedBy: 'none' }),
    );
    expect(page).toMatchObject({
      'default-src': ["'none'"],
      'script-src': ["'nonce-n0'"],
      'connect-src': ["'self'", 'https://api.example'],
      'frame-ancestors': ["'none'"],
    });
    expect(page['media-src']).toBeUndefined();
  });

  it('sends the rule each route declares, and lets others frame only what the rule allows', async () => {
    const standard = await t.inject({ method: 'GET', url: '/api/health' });
    expect(standard.headers['content-security-policy']).toBe(header({}));
    expect(standard.headers['x-frame-options']).toBe('SAMEORIGIN');

    for (const url of [
      '/learn/?package=1',
      '/media/scorm/password-habits-check/index.html',
      '/embed?key=pk_x',
    ]) {
      const res = await get(url);
      // An app's page admits its own inline script, and that one only.
      const scripts = url.startsWith('/learn/') ? inlineScripts(res.body) : [];
      expect(res.headers['content-security-policy'], url).toBe(
        header({ framedBy: '*', ...(scripts.length > 0 ? { allow: { script: scripts } } : {}) }),
      );
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    for (const url of ['/learn/', '/', '/trainings/']) {
      const page = await get(url);
      const scripts = inlineScripts(page.body);
      expect(page.headers['content-security-policy'], url).toBe(
        header(scripts.length > 0 ? { allow: { script: scripts } } : {}),
      );
    }

    // A phishing page's nonce is made for the answer: the header is its rule with that nonce.
    const page = await get('/p/unknown-token');
    const nonce = directives(page.headers['content-security-policy'])['script-src']![0]!.slice(7, -1);
    expect(page.body).toContain(`nonce="${nonce}"`);
    expect(page.headers['content-security-policy']).toBe(header(pageCsp(nonce)));
    // Nobody may frame it: older browsers are told so too.
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});
