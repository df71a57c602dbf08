import '../providers/app-providers.tsx';
import { nextTask } from './next-task.ts';

// The providers (Mantine's theme, notifications and modals) have run; the router, its routes and the
// shell follow in a later task.
await nextTask();
