import type { Company } from '@vigil/shared';
import type { Dispatch } from 'react';
import type { AssessmentDraft, DraftAction } from './wizard-state.ts';

/** What every step of the assessment wizard gets. */
export interface StepProps {
  company: Company;
  draft: AssessmentDraft;
  dispatch: Dispatch<DraftAction>;
}
