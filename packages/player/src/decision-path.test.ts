import { EVENT_CODES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { decisionById, decisionEventCodes, type Decisions, endsScenario } from './decision-path.ts';

const option = (next: string | null) => ({ label: 'x', next, correct: true, feedback: '' });
const decisions: Decisions = {
  start: 'a',
  items: [
    { id: 'a', situation: 'First', options: [option('b'), option(null)] },
    { id: 'b', situation: 'Second', options: [option(null), option('gone')] },
  ],
};

describe('decision path', () => {
  it('finds a step by id', () => {
    expect(decisionById(decisions, 'b')?.situation).toBe('Second');
    expect(decisionById(decisions, null)).toBeNull();
  });

  it('ends the scenario on an option without a next step or with an unknown one', () => {
    expect(endsScenario(decisions, option('b'))).toBe(false);
    expect(endsScenario(decisions, option(null))).toBe(true);
    expect(endsScenario(decisions, option('gone'))).toBe(true);
  });

  it('records the last decision as well as the decision at the end', () => {
    expect(decisionEventCodes(decisions, option('b'))).toEqual([EVENT_CODES.DECISION]);
    expect(decisionEventCodes(decisions, option(null))).toEqual([
      EVENT_CODES.DECISION,
      EVENT_CODES.LAST_DECISION,
    ]);
  });
});
