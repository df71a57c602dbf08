/**
 * The query keys every campaign kind's area starts with, all under the company they belong to, so
 * that refreshing `all` reloads every list and detail of the kind and `one` everything of a campaign.
 */
export function campaignKeys<ListQuery>(area: string) {
  return {
    all: (companyId: string) => [area, companyId] as const,
    list: (companyId: string, query: ListQuery) => [area, companyId, 'list', query] as const,
    latest: (companyId: string) => [area, companyId, 'latest'] as const,
    one: (companyId: string, id: string) => [area, companyId, 'one', id] as const,
  };
}
