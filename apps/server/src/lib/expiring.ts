/**
 * What a process keeps of a lookup for a short while, bounded in size: hot calls (a learner acting
 * about once a second, an embedded player's grant) would otherwise look up the same rows again each
 * time. Each entry is kept for its TTL at most, so a change made elsewhere shows within that time; a
 * change made through this process is forgotten at once by the cache's owner (see
 * lib/company-changes.ts).
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
     * query. What is not found, or fails, is not kept.
     */
    set(key: K, value: Promise<V | undefined>) {
      if (entries.size >= max) entries.clear();
      const entry: { value: Promise<V | undefined>; expires: number; found?: V } = {
        value,
        expires: Date.now() + ttlMs,
      };
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      value.then((v) => (v === undefined ? forget() : (entry.found = v)), forget);
      return value;
    },
    /** Forgets the entries found to match, and those whose lookup is still running. */
    forgetWhere(matches: (key: K, value: V) => boolean) {
      for (const [key, entry] of entries)
        if (entry.found === undefined || matches(key, entry.found)) entries.delete(key);
    },
  };
}
