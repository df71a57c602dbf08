import { PATHS, withTrailingSlash } from '../../lib/paths.ts';

const segment = (value: string) => encodeURIComponent(value);

/**
 * Where the dashboard links to. The areas' own path helpers live inside their (lazy) features; these
 * few addresses are written here so that the dashboard's chunk stays free of them.
 */
export const DASHBOARD_PATHS = {
  trainings: PATHS.trainings,
  createTraining: `${PATHS.trainings}create/`,
  /** A program's detail; a SCORM program's address carries a `p` before its id (spec 2 §2). */
  training: (row: { id: string; isScorm: boolean }) =>
    `${PATHS.trainings}${row.isScorm ? 'p' : ''}${segment(row.id)}/view/`,
  assessments: PATHS.assessments,
  createAssessment: `${PATHS.assessments}create/`,
  /** An assessment's detail, as the server gives it in the row. */
  assessment: (row: { link: string }) => withTrailingSlash(row.link),
  /** A calendar entry opens its training or assessment. */
  program: (type: 'training' | 'assessment', id: string) =>
    type === 'training'
      ? `${PATHS.trainings}${segment(id)}/view/`
      : `${PATHS.assessments}${segment(id)}/view/`,
  subject: (subjectId: string) => `${PATHS.catalog}subject/${segment(subjectId)}/`,
  catalog: PATHS.catalog,
} as const;
