import type { Company } from '@vigil/shared';
import type { Dispatch } from 'react';
import type { DraftAction, DraftState } from './wizard-state.ts';

/** What every step of the wizard gets. */
export interface StepProps {
  company: Company;
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
  /** Problems of the last save that belong to this step. */
  problems: string[];
}
