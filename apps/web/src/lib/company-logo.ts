import type { Company } from '@vigil/shared';

/** The company's logo as its brand shows it, or null (then its name is shown). */
export function companyLogoUrl(company: Pick<Company, 'brand'>): string | null {
  return company.brand.logoUrl;
}
