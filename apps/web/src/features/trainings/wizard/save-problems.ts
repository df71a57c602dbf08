import {
  SCHEDULE_MESSAGES,
  TRAINING_MESSAGES,
  TrainingSave,
  type TrainingStep,
  type TrainingSave as TrainingSavePayload,
} from '@vigil/shared';
import { SUBJECTS_PER_INTERVAL_MESSAGE } from './wizard-state.ts';

/** Where a problem with a save is shown: next to the name, or in a step. */
export type ProblemPlace = TrainingStep | 'name';

export interface SaveProblem {
  place: ProblemPlace;
  message: string;
}

/** The payload's top-level fields, by the step that edits them. */
const FIELD_PLACES: Record<string, ProblemPlace> = {
  name: 'name',
  templateId: 'goal',
  templateCustomized: 'goal',
  subjects: 'content',
  userLists: 'employees',
  scheduleType: 'schedule',
  date: 'schedule',
  frequency: 'schedule',
  subjectsPerInterval: 'schedule',
  events: 'schedule',
  sendOptions: 'schedule',
  reminders_enabled: 'reminders',
  reminders_settings: 'reminders',
  introMessageEnabled: 'intro',
  introductoryData: 'intro',
};

/** The server's messages (spec texts) whose step is known. */
const MESSAGE_PLACES = new Map<string, ProblemPlace>([
  [TRAINING_MESSAGES.needsName, 'name'],
  [TRAINING_MESSAGES.unknownTemplate, 'goal'],
  [TRAINING_MESSAGES.needsSubjects, 'content'],
  [TRAINING_MESSAGES.unknownSubject, 'content'],
  [TRAINING_MESSAGES.needsEmployees, 'employees'],
  [TRAINING_MESSAGES.needsLists, 'employees'],
  [TRAINING_MESSAGES.unknownList, 'employees'],
  [TRAINING_MESSAGES.eventBeforeStart, 'schedule'],
  [TRAINING_MESSAGES.eventsMismatch, 'schedule'],
  [SCHEDULE_MESSAGES.dateInPast, 'schedule'],
  [SUBJECTS_PER_INTERVAL_MESSAGE, 'schedule'],
  [TRAINING_MESSAGES.remindersInvalid, 'reminders'],
  [TRAINING_MESSAGES.introEmpty, 'intro'],
]);

/** The payload checked against the shared contract before it is sent, each issue placed by its field. */
export function payloadProblems(payload: TrainingSavePayload): SaveProblem[] {
  const parsed = TrainingSave.safeParse(payload);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    place: FIELD_PLACES[String(issue.path[0])] ?? 'finalize',
    message: issue.message,
  }));
}

/**
 * A failed save's message (the server joins several with '; ') split into problems; those the wizard
 * cannot place are left to the error notification.
 */
export function serverProblems(message: string): SaveProblem[] {
  return message
    .split('; ')
    .map((part) => part.trim())
    .flatMap((part) => {
      const place = MESSAGE_PLACES.get(part) ?? placeByWords(part);
      return place ? [{ place, message: part }] : [];
    });
}

/** The zod messages of the contract name their field's subject; a few words are enough to place them. */
function placeByWords(message: string): ProblemPlace | undefined {
  if (/^A name /.test(message)) return 'name';
  if (/reminder/i.test(message)) return 'reminders';
  if (/deliver|interval|channel/i.test(message)) return 'schedule';
  return undefined;
}

export const problemsAt = (problems: readonly SaveProblem[], place: ProblemPlace): string[] =>
  problems.filter((p) => p.place === place).map((p) => p.message);
