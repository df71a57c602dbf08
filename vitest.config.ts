import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs everything on PGlite. With TEST_DATABASE_URL set it is the PostgreSQL pass: the suites
 * that run on a database (those that take their databases from the harness's `testDatabases()`) run on
 * PostgreSQL only, and the tests that touch no database, already run in the PGlite pass, are left out.
 * CI runs both passes.
 */
const postgresPass = Boolean(process.env.TEST_DATABASE_URL);
const serverSuites = postgresPass
  ? globSync('src/**/*.test.ts', { cwd: path.join(import.meta.dirname, 'apps/server') }).filter((file) =>
      readFileSync(path.join(import.meta.dirname, 'apps/server', file), 'utf8').includes('testDatabases()'),
    )
  : ['src/**/*.test.ts'];

const databaseFree = [
  {
    test: {
      name: 'shared',
      root: './packages/shared',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'player',
      root: './packages/player',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'web',
      root: './apps/web',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'learner',
      root: './apps/learner',
      include: ['src/**/*.test.ts'],
      environment: 'node',
      passWithNoTests: true,
    },
  },
  {
    test: {
      name: 'embed',
      root: './apps/embed',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
];

export default defineConfig({
  test: {
    projects: [
      ...(postgresPass ? [] : databaseFree),
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: serverSuites,
          environment: 'node',
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
