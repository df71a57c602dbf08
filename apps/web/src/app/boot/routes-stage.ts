import '../router/routes.tsx';
import { nextTask } from './next-task.ts';

// The routes, their guards and the shell have run; the router is created (it matches the address against
// every route) in a later task.
await nextTask();
