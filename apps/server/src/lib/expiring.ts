/**
 * A small cache of lookups kept in this process for a TTL, for what many requests read and few change.
 * Each entry is kept for its TTL at most, so a change made elsewhere shows within that time; a change
 * made through this process is forgotten at once by `forgetWhere` (see lib/company-changes.ts). When it
 * holds `max` entries it starts again empty, which bounds its memory without bookkeeping per read.
 */
export function expiring<K, V>(ttlMs: number, max: number) {
  const entries = new Map<K, { value: Promise<V | undefined>; expires: number; found?: V }>();
  return {
    get(key: K): Promise<V | undefined> | undefined {
      const entry = entries.get(key);
      return entry && entry.expires > Date.now() ? entry.value : undefined;
    },
    /**
     * Keeps a lookup while it runs too, so that calls arriving together (a burst at start) share one
     * query. What is not found, or fails, or what `keep` refuses, is not kept.
     */
    set(key: K, value: Promise<V | undefined>, keep?: (found: V) => boolean) {
      if (entries.size >= max) entries.clear();
      const entry: { value: Promise<V | undefined>; expires: number; found?: V } = {
        value,
        expires: Date.now() + ttlMs,
      };
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      value.then((v) => (v === undefined || keep?.(v) === false ? forget() : (entry.found = v)), forget);
      return value;
    },
    /** Forgets the entries found to match, and those whose lookup is still running. */
    forgetWhere(matches: (key: K, value: V) => boolean) {
      for (const [key, entry] of entries)
        if (entry.found === undefined || matches(key, entry.found)) entries.delete(key);
    },
  };
}
