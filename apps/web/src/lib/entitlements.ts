import { entitlements, ENTITLEMENT_MESSAGES, EMPLOYEE_MESSAGES, type Entitlements } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from './session/index.ts';
import { translateMessage } from './translate-message.ts';

/**
 * What the current company may use, by the one entitlement policy the server enforces
 * (packages/shared/src/entitlements.ts); null until the company is known.
 */
export function useEntitlements(): Entitlements | null {
  const { company } = useCurrentCompany();
  return company ? entitlements(company, new Date()) : null;
}

/**
 * Why employees cannot be added right now, in the interface language: the trial or subscription has
 * ended, or the seats are full ('Employees limit reached.'); null when they can.
 */
export function useAddUsersRefusal(): string | null {
  const { t } = useTranslation();
  const { company } = useCurrentCompany();
  if (!company || company.canAddUsers) return null;
  const ended = !entitlements(company, new Date()).active;
  return translateMessage(t, ended ? ENTITLEMENT_MESSAGES.expired : EMPLOYEE_MESSAGES.limitReached);
}
