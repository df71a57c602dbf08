import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  Company,
  hasRole,
  isTeamManager,
  mayManageEmployees,
  MyCompaniesResponse,
  ROLES,
  type RoleCode,
} from '@vigil/shared';
import { useEffect } from 'react';
import { apiFetch } from '../api-client.ts';
import { useStoredValue } from '../stored-value.ts';
import { sessionKeys } from './session-keys.ts';
import { companyIdStore } from './session-store.ts';
import { useAuthToken, useCurrentUser } from './use-current-user.ts';

export const myCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.myCompanies,
    queryFn: ({ signal }) => apiFetch('/companies/my_companies', MyCompaniesResponse, { signal }),
  });

export function useMyCompanies() {
  const token = useAuthToken();
  return useQuery({ ...myCompaniesQueryOptions(), enabled: token !== null });
}

export interface CurrentCompany {
  company: Company | undefined;
  /** The current user's role in it; viewer until known (spec 1 §4). */
  role: RoleCode;
  isLoading: boolean;
}

/**
 * The company the manager works in: the stored one when the manager belongs to it (or, for partner
 * and super admins, when it can be loaded), otherwise the first of their companies.
 */
export function useCurrentCompany(): CurrentCompany {
  const storedId = useStoredValue(companyIdStore);
  const user = useCurrentUser().data;
  const mine = useMyCompanies();
  const own = mine.data?.find((c) => c.company_id === storedId);
  const mayOpenOthers = Boolean(user && (user.isSuperAdmin || user.superForAccounts.length > 0));
  const other = useQuery({
    queryKey: sessionKeys.company(storedId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/companies/${encodeURIComponent(storedId ?? '')}`, Company, { signal }),
    enabled: Boolean(storedId && mine.data && !own && mayOpenOthers),
  });

  const resolved = own ?? other.data;
  const fallback = mine.data?.[0];
  const needsFallback =
    Boolean(user) && mine.isSuccess && !resolved && (!mayOpenOthers || !storedId || other.isError);
  const company = resolved ?? (needsFallback ? fallback : undefined);

  useEffect(() => {
    if (needsFallback && fallback) companyIdStore.set(fallback.company_id);
  }, [needsFallback, fallback]);

  return {
    company,
    role: company?.role ?? ROLES.viewer,
    isLoading: mine.isPending || (!company && other.isFetching),
  };
}

/** The current company, for pages that the shell renders only once there is one. */
export function useCompany(): Company {
  const { company } = useCurrentCompany();
  if (!company) throw new Error('A company page was shown without a current company.');
  return company;
}

/** Admins create, change and remove; viewers only look (spec 2 §6, spec 3 §6). */
export function useIsAdmin(): boolean {
  return hasRole(useCompany().role, ROLES.admin);
}

/** Admins and team managers add and import employees and make and rename lists (spec 1 §6). */
export function useMayManageEmployees(): boolean {
  return mayManageEmployees(useCompany());
}

/** A team manager (manageUsers without admin) works with employees and lists only. */
export function useIsTeamManager(): boolean {
  const { company } = useCurrentCompany();
  return company !== undefined && isTeamManager(company);
}
