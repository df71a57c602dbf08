/** A percentage as the tables show it: rounded, or "N/A" (in the interface language) when unknown. */
export function formatPercent(value: number | null, notAvailable: string): string {
  return value === null ? notAvailable : `${Math.round(value)}%`;
}

/** `part` of `whole` in percent; null when there is no whole yet (nothing sent, spec 2 §9). */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}
