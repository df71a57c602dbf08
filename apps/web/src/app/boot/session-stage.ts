import { nextTask } from './next-task.ts';
import { prefetchFirstScreen } from './prefetch-first-screen.ts';

// The session's modules (and the shared schemas, which the package's entry brings in together) have run;
// the requests start in a task of their own (the first one reads the browser's time zone, which costs a
// few tens of milliseconds the first time).
await nextTask();

/**
 * The session's requests start before the router, the shell and the pages are evaluated, and are in
 * flight meanwhile. Resolves once the session (and on the dashboard, its data) is in.
 */
export const sessionReady: Promise<void> = prefetchFirstScreen();

await nextTask();
