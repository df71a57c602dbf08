import { defineConfig } from 'vitest/config';

/** Browser journeys: one real server (fresh data directory, demo data) driven by Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: './e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
