import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('refuses to start in production without SECRET_KEY', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) }),
    ).toThrow(ConfigError);
  });

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dir, 'secret.key'))).toBe(true);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8')).toBe(first.secretKey);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first.secretKey);
  });

  it('derives the public and learner URLs from PORT and reports invalid values', () => {
    const c = loadConfig({ PORT: '4100', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) });
    expect(c.publicUrl).toBe('http://localhost:4100');
    expect(c.learnerUrl).toBe('http://localhost:4100/learn');
    expect(c.devMailbox).toBe(true);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('never enables the dev mailbox in production', () => {
    const c = loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40), DEV_MAILBOX: '1' });
    expect(c.devMailbox).toBe(false);
  });

  it('loads no demo data in production unless DEMO_DATA=1, and never prints sign-in links there', () => {
    const production = { NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) };
    expect(loadConfig(production)).toMatchObject({ demoData: false, printSigninLinks: false });
    expect(loadConfig({ ...production, DEMO_DATA: '1' })).toMatchObject({
      demoData: true,
      printSigninLinks: false,
    });
    const dev = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) };
    expect(loadConfig(dev)).toMatchObject({ demoData: true, printSigninLinks: true });
    expect(loadConfig({ ...dev, DEMO_DATA: '0' }).demoData).toBe(false);
  });
});
