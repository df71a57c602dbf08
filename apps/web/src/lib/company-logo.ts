import type { Company } from '@vigil/shared';

/**
 * Where a company's logo is served: a full or absolute logo_name is used as it is, a file name is
 * read from the company's logo resource (the read side of PUT /companies/{id}/logo).
 */
export function companyLogoUrl(company: Pick<Company, 'company_id' | 'logo_name'>): string | null {
  const name = company.logo_name;
  if (!name) return null;
  if (/^(https?:)?\//.test(name)) return name;
  return `/api/companies/${encodeURIComponent(company.company_id)}/logo?v=${encodeURIComponent(name)}`;
}
