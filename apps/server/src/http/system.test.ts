import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../test/harness.ts';

describe.each(testDatabases())('system routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /api/health once ready', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('gives every response a request id, keeping a well-formed one the client sent', async () => {
    const generated = await t.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'client-req-12345' },
    });
    expect(kept.headers['x-request-id']).toBe('client-req-12345');
    const refused = await t.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>' },
    });
    expect(refused.headers['x-request-id']).not.toBe('<script>');
  });

  it('sends a strict content security policy', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it('compresses large answers for clients that accept it', async () => {
    const br = await t.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
  });

  it('answers unknown API paths in the one error shape', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', description: 'No route GET /api/nope' });
  });

  it('serves security.txt, the languages and the OpenAPI document', async () => {
    const sec = await t.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(sec.statusCode).toBe(200);
    expect(sec.body).toMatch(/^Contact: mailto:/m);
    expect(sec.body).toMatch(/^Expires: \d{4}-/m);

    const langs = await t.inject({ method: 'GET', url: '/api/languages/all' });
    expect(langs.json()).toContainEqual({
      code: 'de',
      english_name: 'German',
      file: '/static/locales/de/common.json',
      filePattern: '/static/locales/{lng}/{ns}.json',
    });

    const doc = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/email/manager_signin',
        '/api/auth/user',
        '/api/companies/my_companies',
      ]),
    );
    expect(paths).not.toContain('/api/dev/mailbox');
  });
});

describe('the development mailbox', () => {
  it('is not served when turned off', async () => {
    const t = await createTestApp('pglite', { DEV_MAILBOX: '0' });
    try {
      expect((await t.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      expect((await t.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
