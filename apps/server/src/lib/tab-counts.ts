import { inArray, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * The select columns counting a campaign list's tabs, each from the statuses its list shows
 * (TRAINING_TAB_STATUSES, ASSESSMENT_TAB_STATUSES), so that a tab's count and its list cannot disagree;
 * `tab` counts the tab being shown.
 */
export function tabCountColumns<Tab extends string>(
  status: Column,
  tabStatuses: Record<Tab, readonly string[]>,
  shown: Tab,
): Record<Tab | 'tab', SQL<number>> {
  const count = (tab: Tab) =>
    sql<number>`(count(*) filter (where ${inArray(status, [...tabStatuses[tab]])}))::int`;
  const tabs = Object.keys(tabStatuses) as Tab[];
  return {
    ...(Object.fromEntries(tabs.map((tab) => [tab, count(tab)])) as Record<Tab, SQL<number>>),
    tab: count(shown),
  };
}
