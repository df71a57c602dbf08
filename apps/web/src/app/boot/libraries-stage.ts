import { nextTask } from './next-task.ts';

// The libraries' chunks (React, Mantine, zod, the router, TanStack Query) have run by now; the app's own
// modules and the shared schemas follow in a later task.
await nextTask();
