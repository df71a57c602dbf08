/** Query keys of the session's data; everything else is company data, reset on a company switch. */
export const SESSION_SCOPE = 'session';

export const sessionKeys = {
  user: [SESSION_SCOPE, 'user'],
  myCompanies: [SESSION_SCOPE, 'my-companies'],
  company: (companyId: string) => [SESSION_SCOPE, 'company', companyId],
  partnerCompanies: (partnerId: string) => [SESSION_SCOPE, 'partner-companies', partnerId],
} as const;
