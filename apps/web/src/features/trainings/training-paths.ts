import { isUuid, type TrainingStatus, type TrainingTab } from '@vigil/shared';
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
