/**
 * Group commit: calls that arrive while a write is running are gathered and written together by the
 * next one, so that many small writes cost one statement (and one commit) instead of one each, with no
 * timer. Each call resolves with its own result once its batch is written, or rejects with its error.
 *
 * Before each batch is taken, the event loop gets one turn to read what has arrived: on PGlite a
 * statement runs on this thread and holds the loop, so requests that came in meanwhile are read only
 * then; taking the next batch at once would write them one by one.
 */
export function groupCommit<I, O>(write: (items: I[]) => Promise<O[]>): (item: I) => Promise<O> {
  let queue: { item: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (queue.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      const batch = queue;
      queue = [];
      try {
        const results = await write(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]!));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    writing = false;
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
