import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The foundation journey signs in with the link `npm start` printed, which expires after
 * SIGNIN_TOKEN.ttlMinutes: it runs first, whatever order the other journeys take.
 */
class PrintedLinkFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => (f.moduleId.endsWith('/foundation.e2e.ts') ? 0 : 1);
    return [...sorted].sort((a, b) => first(a) - first(b));
  }
}

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
    sequence: { sequencer: PrintedLinkFirst },
  },
});
