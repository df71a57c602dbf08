import type { LearnerAssessmentAnswer } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnswerQueue, type AnswerStore, type SaveStatus } from './answer-queue.ts';

const answer = (questionId: string, option: number, actionId = 'act'): LearnerAssessmentAnswer => ({
  questionId,
  actionId,
  choice: { option },
});

class Offline extends Error {}
const isRetryable = (error: unknown) => error instanceof Offline;

function memoryStore(
  initial: LearnerAssessmentAnswer[] = [],
): AnswerStore & { saved: LearnerAssessmentAnswer[] } {
  const store = {
    saved: initial,
    load: () => store.saved,
    save: (answers: readonly LearnerAssessmentAnswer[]) => {
      store.saved = [...answers];
    },
  };
  return store;
}

describe('answer queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends answers one at a time, in order, and reports when all are saved', async () => {
    const sent: LearnerAssessmentAnswer[] = [];
    const statuses: SaveStatus[] = [];
    const queue = createAnswerQueue({
      send: async (a) => void sent.push(a),
      isRetryable,
      onChange: (s) => statuses.push(s),
    });
    queue.start();
    queue.add(answer('q1', 0));
    queue.add(answer('q2', 1));
    await queue.settled();
    expect(sent.map((a) => a.questionId)).toEqual(['q1', 'q2']);
    expect(queue.status()).toBe('saved');
    expect(statuses).toEqual(['saving', 'saved']);
  });

  it('keeps a lost answer and retries it until the server has it', async () => {
    let failures = 2;
    const send = vi.fn(async () => {
      if (failures-- > 0) throw new Offline();
    });
    const store = memoryStore();
    const queue = createAnswerQueue({ send, isRetryable, store, retryDelay: () => 1000 });
    queue.start();
    queue.add(answer('q1', 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toBe('retrying');
    expect(store.saved).toEqual([answer('q1', 2)]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(queue.status()).toBe('saved');
    expect(store.saved).toEqual([]);
  });

  it('sends only the newest answer to an action not yet sent', async () => {
    const sent: number[] = [];
    let release: () => void = () => undefined;
    const queue = createAnswerQueue({
      send: (a) => {
        sent.push('option' in a.choice ? a.choice.option : -1);
        return sent.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
      isRetryable,
    });
    queue.start();
    queue.add(answer('q1', 0)); // on its way
    queue.add(answer('q1', 1)); // changed while the first is in flight: must still go
    queue.add(answer('q1', 2)); // replaces the unsent 1
    release();
    await queue.settled();
    expect(sent).toEqual([0, 2]);
  });

  it('drops an answer the server refuses for good, and tells', async () => {
    const rejected = vi.fn();
    const refusal = new Error('closed');
    const queue = createAnswerQueue({
      send: (a) => (a.questionId === 'bad' ? Promise.reject(refusal) : Promise.resolve()),
      isRetryable,
      onRejected: rejected,
    });
    queue.start();
    queue.add(answer('bad', 0));
    queue.add(answer('good', 0));
    await queue.settled();
    expect(rejected).toHaveBeenCalledWith(answer('bad', 0), refusal);
    expect(queue.unsent()).toEqual([]);
  });

  it('sends what a previous visit left unsent, once started', async () => {
    const send = vi.fn(() => Promise.resolve());
    const queue = createAnswerQueue({ send, isRetryable, store: memoryStore([answer('q3', 1)]) });
    expect(queue.unsent()).toEqual([answer('q3', 1)]);
    expect(send).not.toHaveBeenCalled();
    queue.start();
    await queue.settled();
    expect(send).toHaveBeenCalledWith(answer('q3', 1));
  });

  it('holds answers while stopped and tries at once when asked', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Offline()).mockResolvedValue(undefined);
    const queue = createAnswerQueue({ send, isRetryable, retryDelay: () => 60_000 });
    queue.start();
    queue.add(answer('q1', 0));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toBe('retrying');
    queue.retryNow(); // the connection is back
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toBe('saved');

    queue.stop();
    queue.add(answer('q2', 0));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.unsent()).toEqual([answer('q2', 0)]);
  });
});
