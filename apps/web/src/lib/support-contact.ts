import type { Company } from '@vigil/shared';

/** The address shown until the server tells the app its configured support address (SUPPORT_EMAIL). */
const DEFAULT_SUPPORT_EMAIL = 'support@vigil.local';

/** Where a company writes about its plan: its branding's support contact, else Vigil's support. */
export function supportEmail(company: Pick<Company, 'settings'>): string {
  const configured = company.settings['contact.support']?.trim();
  return configured && /^[^\s@]+@[^\s@]+$/.test(configured) ? configured : DEFAULT_SUPPORT_EMAIL;
}
