import { personalizeDefaults, type Company } from '@vigil/shared';
import { storedValue } from '../../../lib/stored-value.ts';
import { parsePersonalize, type PersonalizeValues } from './wizard-state.ts';

/** Spec 2 §4: the personalize values are remembered per company in the browser. */
const storeOf = (companyId: string) => storedValue(`assessmentPersonalize:${companyId}`);

/**
 * What a new assessment's Personalize step starts from: the values this browser remembers, and for
 * any it does not, what the company has (the values last saved with its assessments, its name and
 * its managers' domain).
 */
export function rememberedPersonalize(company: Company): PersonalizeValues {
  const remembered = parsePersonalize(storeOf(company.company_id).get());
  const defaults = personalizeDefaults(company);
  const pick = (key: keyof PersonalizeValues) => remembered[key] || defaults[key];
  return { companyName: pick('companyName'), companyDomain: pick('companyDomain'), emailHR: pick('emailHR') };
}

export function rememberPersonalize(companyId: string, values: PersonalizeValues): void {
  storeOf(companyId).set(JSON.stringify(values));
}
