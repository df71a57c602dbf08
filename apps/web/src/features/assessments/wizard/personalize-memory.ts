import { storedValue } from '../../../lib/stored-value.ts';
import { parsePersonalize, type PersonalizeValues } from './wizard-state.ts';

/** Spec 2 §4: the personalize values are remembered per company in the browser. */
const storeOf = (companyId: string) => storedValue(`assessmentPersonalize:${companyId}`);

export const rememberedPersonalize = (companyId: string): PersonalizeValues =>
  parsePersonalize(storeOf(companyId).get());

export function rememberPersonalize(companyId: string, values: PersonalizeValues): void {
  storeOf(companyId).set(JSON.stringify(values));
}
