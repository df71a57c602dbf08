/**
 * The storage adapter: files under a folder, and an S3-compatible store through the official SDK,
 * here a small HTTP server on loopback that answers PutObject, GetObject and DeleteObject as the S3
 * API documents them (path-style, XML errors), including a refusal.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createCompany, createManager, signIn } from '../test/factories.ts';
import { createTestApp } from '../test/harness.ts';
import { makePng, multipartFile } from '../test/png.ts';
import { createStorage, type FileStorage } from './storage.ts';

interface FakeS3 {
  url: string;
  objects: Map<string, { bytes: Buffer; type: string }>;
  requests: string[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>1</RequestId></Error>`;

/** PUT/GET/DELETE /{bucket}/{key}; keys under `forbidden/` are refused as AccessDenied. */
async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      const [, b, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(
        `${req.method} ${url.pathname} ${req.headers.authorization?.split(' ')[0] ?? 'unsigned'}`,
      );
      const fail = (status: number, code: string, message: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' }).end(xmlError(code, message));
      };
      if (b !== bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (key.startsWith('forbidden/')) return fail(403, 'AccessDenied', 'Access Denied');
      if (req.method === 'PUT') {
        objects.set(key, { bytes: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        return res.writeHead(200, { etag: '"1"' }).end();
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        return res
          .writeHead(200, { 'content-type': object.type, 'content-length': object.bytes.length })
          .end(object.bytes);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      return fail(405, 'MethodNotAllowed', 'The specified method is not allowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const s3Config = (endpoint: string, bucket = 'vigil-files') => ({
  kind: 's3' as const,
  bucket,
  endpoint,
  region: 'eu-central-1',
  credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
  forcePathStyle: true,
});

describe('local storage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-storage-'));
  const storage = createStorage({ kind: 'local', dir });

  it('puts, gets and deletes files under its folder', async () => {
    await storage.put('logos/a/one.png', Buffer.from('bytes'), 'image/png');
    expect(Buffer.from((await storage.get('logos/a/one.png'))!).toString()).toBe('bytes');
    await storage.delete('logos/a/one.png');
    expect(await storage.get('logos/a/one.png')).toBeNull();
    await storage.delete('logos/a/one.png');
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../secret.key', 'logos/../../x', '/etc/passwd', 'a//b', 'a/b.', 'a\\b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        'Not a storage key',
      );
    }
  });
});

describe('S3 storage', () => {
  let s3: FakeS3;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startFakeS3('vigil-files');
    storage = createStorage(s3Config(s3.url));
  });
  afterAll(async () => {
    storage?.close();
    await s3?.close();
  });

  it('puts, gets and deletes objects with signed requests', async () => {
    await storage.put('logos/c1/a.png', Buffer.from('png bytes'), 'image/png');
    expect(s3.objects.get('logos/c1/a.png')).toEqual({ bytes: Buffer.from('png bytes'), type: 'image/png' });
    expect(Buffer.from((await storage.get('logos/c1/a.png'))!).toString()).toBe('png bytes');
    await storage.delete('logos/c1/a.png');
    expect(s3.objects.has('logos/c1/a.png')).toBe(false);
    expect(s3.requests).toEqual([
      'PUT /vigil-files/logos/c1/a.png AWS4-HMAC-SHA256',
      'GET /vigil-files/logos/c1/a.png AWS4-HMAC-SHA256',
      'DELETE /vigil-files/logos/c1/a.png AWS4-HMAC-SHA256',
    ]);
  });

  it('answers null for a missing key', async () => {
    expect(await storage.get('logos/none/missing.png')).toBeNull();
  });

  it("passes the store's refusal on", async () => {
    await expect(storage.put('forbidden/x.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'AccessDenied',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(storage.get('forbidden/x.png')).rejects.toMatchObject({ name: 'AccessDenied' });
    const wrongBucket = createStorage(s3Config(s3.url, 'no-such-bucket'));
    await expect(wrongBucket.put('logos/a.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    wrongBucket.close();
  });

  it('keeps and serves a company logo when the server is configured with STORAGE=s3', async () => {
    const t = await createTestApp('pglite', {
      JOBS: '0',
      STORAGE: 's3',
      S3_BUCKET: 'vigil-files',
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
    try {
      const company = await createCompany(t.ctx.db);
      const admin = await createManager(t.ctx.db);
      await addMember(t.ctx.db, company.id, admin.id, 1, true);
      const token = await signIn(t, admin.id);
      const png = makePng();
      const body = multipartFile({ bytes: png, filename: 'logo.png', type: 'image/png' });
      const res = await t.inject({
        method: 'PUT',
        url: `/api/companies/${company.id}/logo`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      const key = `logos/${company.id}/${res.json().logo_name}`;
      expect(s3.objects.get(key)?.type).toBe('image/png');
      const served = await t.inject({ method: 'GET', url: `/api/companies/${company.id}/logo` });
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, png)).toBe(0);
    } finally {
      await t.close();
    }
  }, 120_000);
});
