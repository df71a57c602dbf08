/**
 * Tells this process's caches that a company's settings or its employees' links changed, so that they
 * forget what they kept at once instead of when their TTL runs out: a new pass mark, anonymous tracking
 * or a removed employee's link takes effect on the next call served here. Other processes catch up
 * within their caches' TTL.
 */
type CompanyListener = (companyId: string) => void;

const listeners = new Set<CompanyListener>();

export function onCompanyChanged(listener: CompanyListener): void {
  listeners.add(listener);
}

export function companyChanged(companyId: string): void {
  for (const listener of listeners) listener(companyId);
}
