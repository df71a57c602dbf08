/** The company's API path the dashboard's calls hang under. */
export const companyPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;

/** Query keys of the dashboard, all under the company they belong to (the blog is the product's). */
export const dashboardKeys = {
  all: (companyId: string) => ['dashboard', companyId] as const,
  statistics: (companyId: string) => ['dashboard', companyId, 'statistics'] as const,
  trainings: (companyId: string) => ['dashboard', companyId, 'trainings'] as const,
  assessments: (companyId: string) => ['dashboard', companyId, 'assessments'] as const,
  events: (companyId: string, month: string, timeZone: string) =>
    ['dashboard', companyId, 'events', month, timeZone] as const,
  latestSubjects: (companyId: string) => ['dashboard', companyId, 'latest-subjects'] as const,
  blog: (page: number) => ['blog', page] as const,
};
