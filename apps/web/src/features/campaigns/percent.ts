/** A percentage as the tables show it: rounded, or "N/A" (in the interface language) when unknown. */
export function formatPercent(value: number | null, notAvailable: string): string {
  return value === null ? notAvailable : `${Math.round(value)}%`;
}
