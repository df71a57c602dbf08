import type { PreviewBlock } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  blockAfterAnswer,
  canGoNext,
  isBlockCompleted,
  isKnownBlock,
  isKnownPresentation,
  isQuestionCompleted,
  withItemAnswer,
  type AnyBlock,
} from './question-blocks.ts';

const scenario: PreviewBlock = { type: 'scenario', text: 'An email arrives.' };
const image: PreviewBlock = { type: 'image', src: '/media/a.png', alt: 'The email' };
const choice: PreviewBlock = {
  type: 'multiple-choice',
  actionId: 'next-step',
  question: 'What do you do?',
  options: [
    { label: 'Open it', scores: {} },
    { label: 'Report it', scores: {} },
  ],
};
const yesNo: PreviewBlock = {
  type: 'yes-no-list',
  actionId: 'signs',
  question: 'Which are warning signs?',
  items: [
    { text: 'Urgency', yes: {}, no: {} },
    { text: 'Unknown sender', yes: {}, no: {} },
  ],
};
const blocks: AnyBlock[] = [scenario, choice, yesNo];

describe('isBlockCompleted', () => {
  it('counts blocks that ask nothing as completed', () => {
    expect(isBlockCompleted(scenario, undefined)).toBe(true);
    expect(isBlockCompleted(image, undefined)).toBe(true);
    expect(isBlockCompleted({ type: 'hotspot' }, undefined)).toBe(true);
  });

  it('completes a multiple-choice block with a chosen option', () => {
    expect(isBlockCompleted(choice, undefined)).toBe(false);
    expect(isBlockCompleted(choice, 1)).toBe(true);
    expect(isBlockCompleted(choice, 2)).toBe(false);
  });

  it('completes a yes-no list only when every item is answered', () => {
    expect(isBlockCompleted(yesNo, [true, null])).toBe(false);
    expect(isBlockCompleted(yesNo, [true])).toBe(false);
    expect(isBlockCompleted(yesNo, [true, false])).toBe(true);
    expect(isBlockCompleted(yesNo, 0)).toBe(false);
  });
});

describe('withItemAnswer', () => {
  it('answers one item and keeps the others', () => {
    const first = withItemAnswer(undefined, 2, 1, false);
    expect(first).toEqual([null, false]);
    expect(withItemAnswer(first, 2, 0, true)).toEqual([true, false]);
  });
});

describe('blockAfterAnswer', () => {
  it('moves on once the answered block is completed', () => {
    expect(blockAfterAnswer(blocks, 1, 0)).toBe(2);
  });

  it('waits until every item of a yes-no list is answered', () => {
    const withNext = [...blocks, scenario];
    expect(blockAfterAnswer(withNext, 2, [true, null])).toBeNull();
    expect(blockAfterAnswer(withNext, 2, [true, true])).toBe(3);
  });

  it('never moves on from the last block', () => {
    expect(blockAfterAnswer(blocks, 2, [true, true])).toBeNull();
  });
});

describe('canGoNext', () => {
  it('lets the preview go on from a completed block that is not the last', () => {
    expect(canGoNext(blocks, 0, {})).toBe(true);
    expect(canGoNext(blocks, 1, {})).toBe(false);
    expect(canGoNext(blocks, 1, { 1: 0 })).toBe(true);
    expect(canGoNext(blocks, 2, { 2: [true, true] })).toBe(false);
  });
});

describe('isQuestionCompleted', () => {
  it('needs every block completed', () => {
    expect(isQuestionCompleted(blocks, { 1: 0 })).toBe(false);
    expect(isQuestionCompleted(blocks, { 1: 0, 2: [false, true] })).toBe(true);
  });
});

describe('known kinds', () => {
  it('tells the block types and presentations the preview can show', () => {
    expect(isKnownBlock(choice)).toBe(true);
    expect(isKnownBlock({ type: 'drag-and-drop' })).toBe(false);
    expect(isKnownPresentation('carousel')).toBe(true);
    expect(isKnownPresentation('chat')).toBe(false);
  });
});
