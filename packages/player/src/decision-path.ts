import { EVENT_CODES, type LearnerEventInput, type LearnerSubject } from '@vigil/shared';

export type Decisions = NonNullable<LearnerSubject['decisions']>;
export type Decision = Decisions['items'][number];
export type DecisionOption = Decision['options'][number];

export const decisionById = (decisions: Decisions, id: string | null): Decision | null =>
  decisions.items.find((item) => item.id === id) ?? null;

/** An option ends the scenario when it leads nowhere, or to a step the scenario does not have. */
export const endsScenario = (decisions: Decisions, option: DecisionOption): boolean =>
  decisionById(decisions, option.next) === null;

/** The events of a choice: every decision, and the last one as well when it ends the scenario. */
export function decisionEventCodes(
  decisions: Decisions,
  option: DecisionOption,
): LearnerEventInput['code'][] {
  return endsScenario(decisions, option)
    ? [EVENT_CODES.DECISION, EVENT_CODES.LAST_DECISION]
    : [EVENT_CODES.DECISION];
}
