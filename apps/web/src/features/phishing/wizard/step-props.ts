import type { Company } from '@vigil/shared';
import type { Dispatch } from 'react';
import type { DraftAction, PhishingDraft } from './wizard-state.ts';

export interface StepProps {
  company: Company;
  draft: PhishingDraft;
  dispatch: Dispatch<DraftAction>;
}
