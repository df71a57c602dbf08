import type { Company } from '@vigil/shared';

/** Where a company writes about its plan: its branding's support contact, else the product's support. */
export function supportEmail(company: Pick<Company, 'brand'>): string {
  return company.brand.supportEmail;
}
