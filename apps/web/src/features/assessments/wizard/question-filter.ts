import { isBehaviourCovered, keyBehaviourCoverage } from '@vigil/shared';
import type { ThreatAreaDefinition } from '../api/assessments-api.ts';
import type { WizardQuestion } from './wizard-state.ts';

/** The questions of a threat area, and of a key behaviour within it; everything when nothing is chosen. */
export function filterQuestions(
  questions: readonly WizardQuestion[],
  { area, behaviour }: { area: string | null; behaviour: string | null },
): WizardQuestion[] {
  return questions.filter(
    (q) =>
      (!area || q.area === area) && (!area || !behaviour || q.behaviours.some((b) => b.code === behaviour)),
  );
}

export interface BehaviourCoverage {
  code: string;
  name: string;
  /** Selected questions covering it. */
  count: number;
  greenThreshold: number;
  /** Percent, capped at 100. */
  coverage: number;
  covered: boolean;
}

export interface AreaCoverage {
  id: string;
  name: string;
  behaviours: BehaviourCoverage[];
}

/** Key-behaviour coverage for every threat area the selected questions touch (spec 2 §5). */
export function coverageOf(
  questions: readonly WizardQuestion[],
  areas: readonly ThreatAreaDefinition[],
): AreaCoverage[] {
  const touched = new Set(questions.map((q) => q.area));
  return areas
    .filter((area) => touched.has(area.id))
    .map((area) => ({
      id: area.id,
      name: area.name,
      behaviours: area.behaviours.map((b) => {
        const count = questions.filter(
          (q) => q.area === area.id && q.behaviours.some((qb) => qb.code === b.code),
        ).length;
        return {
          code: b.code,
          name: b.name,
          count,
          greenThreshold: b.greenThreshold,
          coverage: keyBehaviourCoverage(count, b.greenThreshold),
          covered: isBehaviourCovered(count, b.greenThreshold),
        };
      }),
    }));
}
