import { queryClient } from '../../lib/query-client.ts';
import {
  companyIdStore,
  currentUserQueryOptions,
  myCompaniesQueryOptions,
  tokenStore,
} from '../../lib/session/index.ts';

/**
 * How long the first render waits for the dashboard's figures and programs' table at most: meanwhile the
 * remembered first screen (header, title, welcome line) is on screen.
 */
const DASHBOARD_WAIT_MS = 1000;

/**
 * For a signed-in manager, asks for the data the first screen needs as the app starts rather than once
 * its components have rendered: the user and their companies together (every page of the shell needs
 * them), then, on the dashboard (/) and as soon as the stored company is among them, the dashboard's
 * figures and tables together (the components' queries find these requests in flight, or their
 * answers, and do not repeat them). Resolves once the user and the companies have answered or failed
 * (once, without retrying: the components' queries retry as they always do) and, on the dashboard, its
 * figures and programs' table too, so that the app's first render already has the session and renders
 * the shell and the page once, instead of a loader first.
 */
export async function prefetchFirstScreen(): Promise<void> {
  if (tokenStore.get() === null) return;
  const [, companies] = await Promise.all([
    queryClient.fetchQuery({ ...currentUserQueryOptions(), retry: false }).catch(() => undefined),
    queryClient.fetchQuery({ ...myCompaniesQueryOptions(), retry: false }).catch(() => undefined),
  ]);
  const company = companies?.find((c) => c.company_id === companyIdStore.get());
  if (location.pathname !== '/' || !company) return;
  const { prefetchDashboard } = await import('../../features/dashboard/index.ts');
  // The first render also waits for those (within a bound): answers arriving while React renders the
  // page would make it render it again at once, in one blocking task.
  await Promise.race([
    prefetchDashboard(queryClient, company),
    new Promise((resolve) => setTimeout(resolve, DASHBOARD_WAIT_MS)),
  ]);
}
