import { isUuid, type TrainingStatus, type TrainingTab } from '@vigil/shared';
import { z } from 'zod';
import { PATHS } from '../../lib/paths.ts';
import { campaignPaths } from '../../lib/campaign-rules.ts';

const root = PATHS.trainings;
const id = (value: string) => encodeURIComponent(value);

/** The training area's routes (spec 2 §2 Training routes), with the trailing slash every path gets. */
export const TRAINING_PATHS = {
  ...campaignPaths<TrainingTab>(root),
  employee: (trainingId: string, email: string) => `${root}${id(trainingId)}/user/${id(email)}/`,
} as const;

/**
 * The printable report pages (spec 3 §2.3), outside the trainings area: the summary, and the variant
 * with each employee's viewed and answered lessons.
 */
export function trainingReportPath(
  companyId: string,
  trainingId: string,
  variant: 'summary' | 'users',
): string {
  const page = variant === 'users' ? 'training-users-report' : 'training-report';
  return `/${id(companyId)}/${page}/${id(trainingId)}/`;
}

/** Where a program opens (spec 2 §2 Routing rule): a draft in the edit wizard when one may edit it. */
export function trainingOpenPath(
  training: { id: string; isScorm: boolean; status: TrainingStatus },
  isAdmin: boolean,
): string {
  return training.status === 'draft' && isAdmin
    ? TRAINING_PATHS.edit(training.id)
    : TRAINING_PATHS.view(training);
}

export interface TrainingRef {
  id: string;
  /** Whether the address named it as a SCORM program (the `p` form). */
  scorm: boolean;
}

/** Reads the `{id}` or `p{id}` of a detail address; null when it names no program. */
export function parseTrainingRef(ref: string | undefined): TrainingRef | null {
  if (!ref) return null;
  if (isUuid(ref)) return { id: ref, scorm: false };
  const scormId = ref.startsWith('p') ? ref.slice(1) : '';
  return isUuid(scormId) ? { id: scormId, scorm: true } : null;
}

/** The list with the "Training program not found :(" notice (spec 2 §2), shown by the notice hook. */
export function trainingNotFoundPath(message: string): string {
  const params = new URLSearchParams({ message, messageType: 'warning' });
  return `${root}?${params}`;
}

/** A subject a new program starts with, as the catalogue lists it (e.g. a recommended one). */
const StartSubject = z.object({
  id: z.string(),
  title: z.string(),
  thumb: z.string().nullable(),
  type: z.number(),
  duration: z.number(),
});
export type StartSubject = z.infer<typeof StartSubject>;
const StartState = z.object({ startSubjects: z.array(StartSubject).min(1) });

/**
 * Where to go to create a program that starts with these subjects (the assessment report's
 * recommended training): the create wizard, given them in the navigation state.
 */
export function newTrainingWith(subjects: StartSubject[]) {
  const startSubjects = subjects.map(({ id, title, thumb, type, duration }) => ({
    id,
    title,
    thumb,
    type,
    duration,
  }));
  return { to: TRAINING_PATHS.create, state: { startSubjects } };
}

/** The subjects the create wizard was asked to start with ([] when none, or the state is not ours). */
export function startSubjectsOf(state: unknown): StartSubject[] {
  const parsed = StartState.safeParse(state);
  return parsed.success ? parsed.data.startSubjects : [];
}
