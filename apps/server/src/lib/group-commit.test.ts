import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

describe('group commit', () => {
  it('gathers the calls that arrived while a write held the thread into the next write', async () => {
    const batches: number[][] = [];
    // A write that holds the thread, as a statement on PGlite does.
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      const end = Date.now() + 20;
      while (Date.now() < end);
      return items.map((i) => i * 10);
    });
    const first = write(0);
    // Calls read from the network during the first write: their callbacks run once it lets go.
    const later = [1, 2, 3, 4, 5].map((i) => new Promise<number>((r) => setTimeout(() => r(write(i)), 1)));
    expect(await Promise.all([first, ...later])).toEqual([0, 10, 20, 30, 40, 50]);
    // The later calls go in one write (with the first, if their timers came before it started).
    expect(batches.flat()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(batches.length).toBeLessThanOrEqual(2);
  });

  it('with a gathering time, takes the calls of that time into one write though none held the thread', async () => {
    const batches: number[][] = [];
    const write = groupCommit(
      async (items: number[]) => {
        batches.push(items);
        return items;
      },
      { gatherMs: 40 },
    );
    // Calls a few ms apart, as events arriving one by one: without the wait each would be a write.
    const calls = [0, 5, 10, 15].map((ms) => new Promise<number>((r) => setTimeout(() => r(write(ms)), ms)));
    expect(await Promise.all(calls)).toEqual([0, 5, 10, 15]);
    expect(batches).toEqual([[0, 5, 10, 15]]);
  });

  it('rejects the calls of a failed write and goes on with the next', async () => {
    let fail = true;
    const write = groupCommit(async (items: string[]) => {
      if (fail) {
        fail = false;
        throw new Error('database went away');
      }
      return items.map((i) => i.toUpperCase());
    });
    await expect(write('a')).rejects.toThrow('database went away');
    expect(await write('b')).toBe('B');
  });
});
