import { isUuid, threatAreaFromRoute, threatAreaRouteCode } from '@vigil/shared';
import { PATHS } from '../../../lib/paths.ts';

const root = PATHS.assessments;
const segment = (value: string) => encodeURIComponent(value);

/** The detail's tabs, in the spec's order and with its route names (spec 2 §2 Assessment routes). */
export const DETAIL_TABS = [
  'overview',
  'threatAreas',
  'questions',
  'employees',
  'deliveries',
  'reminders',
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** Reads the `{id}` or `p{id}` (SCORM) of a detail address; null when it names no assessment. */
export function parseAssessmentRef(ref: string | undefined): { id: string; scorm: boolean } | null {
  const scorm = Boolean(ref?.startsWith('p')) && isUuid(ref!.slice(1));
  const id = scorm ? ref!.slice(1) : ref;
  return id && isUuid(id) ? { id, scorm } : null;
}

/** The tabs an assessment has: a SCORM assessment sends nothing, so it has no deliveries nor reminders. */
export const detailTabsFor = (isScorm: boolean): readonly DetailTab[] =>
  isScorm ? DETAIL_TABS.filter((tab) => tab !== 'reminders' && tab !== 'deliveries') : DETAIL_TABS;

/** The tab an address names; no tab, or one the assessment does not have, is the overview. */
export function parseDetailTab(tab: string | undefined, isScorm: boolean): DetailTab {
  return detailTabsFor(isScorm).find((candidate) => candidate === tab) ?? 'overview';
}

type Viewed = { id: string; isScorm: boolean };
const viewRoot = (a: Viewed) => `${root}${a.isScorm ? 'p' : ''}${segment(a.id)}/view/`;

export const ASSESSMENT_REPORT_PATHS = {
  list: root,
  edit: (id: string) => `${root}edit/${segment(id)}/`,
  copy: (id: string) => `${root}create/copy/${segment(id)}/`,
  /** The detail, on a tab; the overview has no tab segment. */
  view: (a: Viewed, tab: DetailTab = 'overview') =>
    tab === 'overview' ? viewRoot(a) : `${viewRoot(a)}${tab}/`,
  /** The threat-area page: the area's code with underscores for spaces. */
  threatArea: (a: Viewed, areaId: string) =>
    `${viewRoot(a)}threatAreas/${segment(threatAreaRouteCode(areaId))}/`,
} as const;

/** The area id a threat-area address names. */
export const areaIdFromRoute = (code: string | undefined): string | null =>
  code ? threatAreaFromRoute(code) : null;
