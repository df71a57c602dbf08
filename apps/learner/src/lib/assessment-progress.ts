import type { AssessmentChoice, LearnerAssessment, LearnerAssessmentBlock } from '@vigil/shared';

export type AssessmentQuestion = LearnerAssessment['questions'][number];
export type ActionBlock = Extract<LearnerAssessmentBlock, { actionId: string }>;

/** An answer being given: a yes-no list may have items still open (null) until every one is answered. */
export type DraftChoice = { option: number } | { items: readonly (boolean | null)[] };
/** Draft answers of one question by action id. */
export type QuestionDrafts = Readonly<Record<string, DraftChoice | undefined>>;
/** Draft answers of an assessment by question id. */
export type AssessmentDrafts = Readonly<Record<string, QuestionDrafts | undefined>>;

/** After the last answer of a question, the next one shows after this pause (time to see the choice). */
export const AUTO_ADVANCE_MS = 800;

export const isActionBlock = (block: LearnerAssessmentBlock): block is ActionBlock =>
  block.type === 'multiple-choice' || block.type === 'yes-no-list';

export const actionBlocks = (question: AssessmentQuestion): ActionBlock[] =>
  question.blocks.filter(isActionBlock);

/** The answer to send for an action: only a complete one (an option; a yes or no for every item). */
export function completeChoice(block: ActionBlock, draft: DraftChoice | undefined): AssessmentChoice | null {
  if (!draft) return null;
  if (block.type === 'multiple-choice') {
    return 'option' in draft &&
      Number.isInteger(draft.option) &&
      draft.option >= 0 &&
      draft.option < block.options.length
      ? { option: draft.option }
      : null;
  }
  if (!('items' in draft) || block.items.length === 0) return null;
  const items = block.items.map((_, i) => draft.items[i]);
  return items.every((v): v is boolean => typeof v === 'boolean') ? { items } : null;
}

/** A question is complete when every action in it has a complete answer. */
export const isQuestionComplete = (
  question: AssessmentQuestion,
  drafts: QuestionDrafts | undefined,
): boolean =>
  actionBlocks(question).every((block) => completeChoice(block, drafts?.[block.actionId]) !== null);

/**
 * Whether an answer should carry the employee on to the next question: it completed the question just
 * now. Changing an answer of a question that was already complete (after going back) does not.
 */
export const shouldAutoAdvance = (
  question: AssessmentQuestion,
  before: QuestionDrafts | undefined,
  after: QuestionDrafts | undefined,
): boolean => !isQuestionComplete(question, before) && isQuestionComplete(question, after);

export const completedCount = (questions: readonly AssessmentQuestion[], drafts: AssessmentDrafts): number =>
  questions.filter((q) => isQuestionComplete(q, drafts[q.id])).length;

/** The first question with an unanswered action, or the count (the finish step) when none is left. */
export function firstIncomplete(questions: readonly AssessmentQuestion[], drafts: AssessmentDrafts): number {
  const index = questions.findIndex((q) => !isQuestionComplete(q, drafts[q.id]));
  return index < 0 ? questions.length : index;
}

/**
 * Where a returning employee continues: the server's `resumeAt`, or further when answers still waiting
 * to be sent from this browser complete more; never past the finish step.
 */
export function resumePosition(
  resumeAt: number,
  questions: readonly AssessmentQuestion[],
  drafts: AssessmentDrafts,
): number {
  const server = Number.isInteger(resumeAt) ? Math.min(Math.max(resumeAt, 0), questions.length) : 0;
  return Math.max(server, firstIncomplete(questions, drafts));
}

/** The stored answers as drafts, with answers not yet sent from this browser laid over them. */
export function draftsOf(
  questions: readonly AssessmentQuestion[],
  unsent: readonly { questionId: string; actionId: string; choice: AssessmentChoice }[] = [],
): Record<string, Record<string, DraftChoice>> {
  const drafts: Record<string, Record<string, DraftChoice>> = {};
  for (const q of questions) drafts[q.id] = { ...q.answers };
  for (const a of unsent) if (drafts[a.questionId]) drafts[a.questionId]![a.actionId] = a.choice;
  return drafts;
}

/** The complete answers of the drafts by question and action, as they are scored. */
export function choicesOf(
  questions: readonly AssessmentQuestion[],
  drafts: AssessmentDrafts,
): Record<string, Record<string, AssessmentChoice>> {
  const choices: Record<string, Record<string, AssessmentChoice>> = {};
  for (const q of questions) {
    const answers: Record<string, AssessmentChoice> = {};
    for (const block of actionBlocks(q)) {
      const choice = completeChoice(block, drafts[q.id]?.[block.actionId]);
      if (choice) answers[block.actionId] = choice;
    }
    choices[q.id] = answers;
  }
  return choices;
}

/** A yes-no list's draft with one item answered. */
export function withItemAnswer(
  draft: DraftChoice | undefined,
  itemCount: number,
  item: number,
  value: boolean,
): DraftChoice {
  const items = Array.from({ length: itemCount }, (_, i) =>
    draft && 'items' in draft ? (draft.items[i] ?? null) : null,
  );
  items[item] = value;
  return { items };
}
