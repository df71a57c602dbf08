import { initI18n } from '../../lib/i18n.ts';
import { nextTask } from './next-task.ts';

/** The interface texts are asked for (the English file is preloaded beside the scripts). */
export const textsReady: Promise<unknown> = initI18n().catch(() => undefined);

await nextTask();
