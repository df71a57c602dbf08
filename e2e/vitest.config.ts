import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * About how long each journey takes (seconds, a quiet 2-core machine, 2026-11-27), only to share the
 * journeys evenly between the runners of `npm run test:e2e` (e2e/run.mjs): a journey missing here
 * counts as `UNKNOWN_SECONDS`.
 */
const JOURNEY_SECONDS: Record<string, number> = {
  'accessibility.e2e.ts': 262,
  'partners.e2e.ts': 74,
  'ppv.e2e.ts': 60,
  'scorm.e2e.ts': 54,
  'api-keys.e2e.ts': 50,
  'catalog.e2e.ts': 39,
  'slack.e2e.ts': 36,
  'security.e2e.ts': 35,
  'dashboard.e2e.ts': 34,
  'scores.e2e.ts': 32,
  'directory-sync.e2e.ts': 32,
  'trial.e2e.ts': 31,
  'assessments.e2e.ts': 31,
  'delivery.e2e.ts': 30,
  'interactive.e2e.ts': 29,
  'spec-behaviours.e2e.ts': 29,
  'billing.e2e.ts': 28,
  'email-settings.e2e.ts': 28,
  'sso.e2e.ts': 26,
  'employees.e2e.ts': 23,
  'trial-to-paid.e2e.ts': 23,
  'settings.e2e.ts': 23,
  'trainings.e2e.ts': 22,
  'foundation.e2e.ts': 18,
  'feature-settings.e2e.ts': 18,
  'learner-player.e2e.ts': 13,
};
const UNKNOWN_SECONDS = 40;
const FIRST = 'foundation.e2e.ts';
const nameOf = (f: TestSpecification) => path.basename(f.moduleId);

/**
 * The foundation journey signs in with the link `npm start` printed, which expires after
 * SIGNIN_TOKEN.ttlMinutes: it runs first in its runner, whatever order the other journeys take. With
 * `--shard=i/n` (several runners, each with its own server), the journeys are shared out longest first
 * to the runner with the least so far, so the runners end at about the same time.
 */
class Journeys extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const seconds = (f: TestSpecification) => JOURNEY_SECONDS[nameOf(f)] ?? UNKNOWN_SECONDS;
    const loads = Array.from({ length: count }, () => ({ total: 0, files: [] as TestSpecification[] }));
    const byLength = [...files].sort((a, b) => seconds(b) - seconds(a) || nameOf(a).localeCompare(nameOf(b)));
    for (const file of byLength) {
      const lightest = loads.reduce((min, load) => (load.total < min.total ? load : min));
      lightest.total += seconds(file);
      lightest.files.push(file);
    }
    return loads[index - 1]!.files;
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => (nameOf(f) === FIRST ? 0 : 1);
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
    sequence: { sequencer: Journeys },
  },
});
