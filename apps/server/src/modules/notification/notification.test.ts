import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { NotificationFile } from './notification.service.ts';

const banner = { status: 'active', type: 'warning', message: 'Maintenance on Saturday from 22:00 UTC.' };

describe('NOTIFICATION_FILE', () => {
  it('defaults to notification.json in DATA_DIR and can be set', () => {
    const base = { DATA_DIR: '/srv/vigil', SECRET_KEY: 'k'.repeat(32) };
    expect(loadConfig(base).notificationFile).toBe('/srv/vigil/notification.json');
    expect(loadConfig({ ...base, NOTIFICATION_FILE: '/etc/vigil/banner.json' }).notificationFile).toBe(
      '/etc/vigil/banner.json',
    );
  });
});

describe('NotificationFile', () => {
  it('logs an invalid file once, and again only after it changed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-notification-'));
    const file = path.join(dir, 'notification.json');
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    const notification = new NotificationFile(file, log);
    try {
      expect(await notification.read()).toBeNull();
      writeFileSync(file, '{ "status": "active", ');
      expect(await notification.read()).toBeNull();
      expect(await notification.read()).toBeNull();
      expect(warnings).toHaveLength(1);
      writeFileSync(file, JSON.stringify({ ...banner, type: 'urgent' }));
      expect(await notification.read()).toBeNull();
      expect(warnings).toHaveLength(2);
      writeFileSync(file, JSON.stringify(banner));
      expect(await notification.read()).toEqual(banner);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())('GET /notification.json (%s)', (kind) => {
  let t: TestApp;
  let file: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-notification-'));

  beforeAll(async () => {
    file = path.join(dir, 'banner.json');
    t = await createTestApp(kind, { NOTIFICATION_FILE: file });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (accept = 'application/json') =>
    t.inject({ method: 'GET', url: '/notification.json', headers: { accept } });

  it('answers 404 while there is no file, also to a browser asking for a page', async () => {
    for (const accept of ['application/json', 'text/html,application/xhtml+xml']) {
      const res = await get(accept);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    }
  });

  it('serves a valid file to anyone, without signing in', async () => {
    writeFileSync(file, JSON.stringify({ ...banner, extra: 'dropped' }));
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(banner);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers 404 for a file that is not a valid notification', async () => {
    for (const text of ['not json', JSON.stringify({ status: 'active', type: 'info' })]) {
      writeFileSync(file, text);
      expect((await get()).statusCode).toBe(404);
    }
    writeFileSync(file, JSON.stringify({ ...banner, message: 'x'.repeat(501) }));
    expect((await get()).statusCode).toBe(404);
  });
});
