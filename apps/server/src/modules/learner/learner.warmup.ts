import type { Db } from '../../db/client.ts';
import { mintScope } from '../../lib/scope.ts';
import { campaignKinds } from '../campaigns/campaigns.kind.ts';
import { learnersByTokens, touchLearnerTokens } from '../campaigns/campaigns.service.ts';
import { deliveredSubjects, isDelivered, progressOf, recordProgressBatch } from './learner.queries.ts';

const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * Runs each statement of the learner calls `rounds` times on nobody's data (nothing is found, nothing
 * is written) before the server listens. On the embedded database the statements run as WebAssembly
 * that the engine first runs unoptimized and optimizes once it has run a while, and its catalog caches
 * start empty, so the first second of 500 employees' calls was the slowest (docs/BENCHMARKS.md: 100
 * rounds take about 1.2 s of the start and lowered that second's p99 in most runs).
 */
export async function warmLearnerStatements(db: Db, rounds: number): Promise<void> {
  const nobody = {
    employeeId: NOBODY,
    companyId: NOBODY,
    email: '',
    name: '',
    lastUsedAt: null,
    scope: mintScope(NOBODY, { kind: 'employee', employeeId: NOBODY }),
  };
  const change = {
    companyId: NOBODY,
    trainingId: NOBODY,
    employeeId: NOBODY,
    subjectId: '',
    code: 3,
    item: null,
    percent: 0,
    answerBit: 0,
    correct: false,
    lastDecision: false,
    type: 1,
    questions: 0,
  };
  for (let round = 0; round < rounds; round++) {
    const now = new Date();
    await learnersByTokens(db, ['']);
    await deliveredSubjects(db, nobody.scope, NOBODY);
    await progressOf(db, nobody.scope, NOBODY);
    await progressOf(db, nobody.scope, NOBODY, NOBODY);
    await isDelivered(db, nobody.scope, NOBODY, NOBODY, '');
    for (const kind of campaignKinds()) await kind.learnerHome?.(db, nobody, now);
    await recordProgressBatch(db, [{ change, now }]);
    await touchLearnerTokens(db, [{ hash: '', at: now }]);
  }
}
