/**
 * Group commit: calls that arrive while a write is running are gathered and written together by the
 * next one, so that many small writes cost one statement (and one commit) instead of one each, with no
 * timer. Each call resolves with its own result once its batch is written, or rejects with its error.
 *
 * Before each batch is taken, the event loop gets one turn to read what has arrived: on PGlite a
 * statement runs on this thread and holds the loop, so requests that came in meanwhile are read only
 * then; taking the next batch at once would write them one by one.
 *
 * With `gatherMs`, each batch waits that long for more calls before it is taken. Where each statement
 * costs more than the rows it carries (PGlite plans every statement anew, a few ms for the progress
 * write), a batch of one or two calls at a time costs more than the calls arriving can wait for: the
 * writes fall behind until the queue itself makes batches big enough. The wait keeps them big from the
 * start, for at most that much more time per call.
 */
export function groupCommit<I, O>(
  write: (items: I[]) => Promise<O[]>,
  options: { gatherMs?: number } = {},
): (item: I) => Promise<O> {
  const { gatherMs = 0 } = options;
  let queue: { item: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (queue.length > 0) {
      await new Promise((resolve) => (gatherMs > 0 ? setTimeout(resolve, gatherMs) : setImmediate(resolve)));
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
