import type { PreviewBlock } from '@vigil/shared';

/** Spec 3 §9: after an answer the preview moves to the next block after this long. */
export const QUESTION_AUTO_ADVANCE_MS = 500;

/** The ways a question can be presented; the preview knows the carousel of blocks. */
export const KNOWN_PRESENTATIONS = ['carousel'] as const;

const KNOWN_BLOCK_TYPES: ReadonlySet<string> = new Set<PreviewBlock['type']>([
  'scenario',
  'image',
  'multiple-choice',
  'yes-no-list',
]);

/** A block as the preview receives it: one it knows, or a newer kind it can only name. */
export type AnyBlock = PreviewBlock | { type: string };

/** A multiple-choice block's chosen option, or a yes-no list's answer per item (null: not yet). */
export type BlockAnswer = number | ReadonlyArray<boolean | null>;
export type BlockAnswers = Readonly<Record<number, BlockAnswer | undefined>>;

export function isKnownBlock(block: AnyBlock): block is PreviewBlock {
  return KNOWN_BLOCK_TYPES.has(block.type);
}

export function isKnownPresentation(presentation: string): boolean {
  return (KNOWN_PRESENTATIONS as readonly string[]).includes(presentation);
}

/** Whether the block asks the employee something. */
export function isInteractive(block: AnyBlock): boolean {
  return block.type === 'multiple-choice' || block.type === 'yes-no-list';
}

/**
 * A block is completed when it has an answer: a chosen option, or for a yes-no list an answer to
 * every item. Blocks that ask nothing (a scenario, an image, a kind the preview does not know) are.
 */
export function isBlockCompleted(block: AnyBlock, answer: BlockAnswer | undefined): boolean {
  if (!isKnownBlock(block)) return true;
  switch (block.type) {
    case 'multiple-choice':
      return typeof answer === 'number' && answer >= 0 && answer < block.options.length;
    case 'yes-no-list':
      return Array.isArray(answer) && block.items.every((_, i) => typeof answer[i] === 'boolean');
    default:
      return true;
  }
}

/** A yes-no list's answers with one item answered. */
export function withItemAnswer(
  answer: BlockAnswer | undefined,
  itemCount: number,
  item: number,
  value: boolean,
): ReadonlyArray<boolean | null> {
  const items = Array.from({ length: itemCount }, (_, i) =>
    Array.isArray(answer) ? (answer[i] ?? null) : null,
  );
  items[item] = value;
  return items;
}

/** Where an answer leads: the next block once this one is completed, unless it is the last. */
export function blockAfterAnswer(blocks: AnyBlock[], index: number, answer: BlockAnswer): number | null {
  const block = blocks[index];
  if (!block || index >= blocks.length - 1) return null;
  return isBlockCompleted(block, answer) ? index + 1 : null;
}

/** 'Next' moves on from a completed block that is not the last. */
export function canGoNext(blocks: AnyBlock[], index: number, answers: BlockAnswers): boolean {
  const block = blocks[index];
  return Boolean(block) && index < blocks.length - 1 && isBlockCompleted(block!, answers[index]);
}

/** Whether every block of the question is completed. */
export function isQuestionCompleted(blocks: AnyBlock[], answers: BlockAnswers): boolean {
  return blocks.every((block, i) => isBlockCompleted(block, answers[i]));
}
