export { companyIdStore, impersonatorTokenStore, tokenStore } from './session-store.ts';
export { sessionKeys } from './session-keys.ts';
export { endSession, selectCompany, signOut, startImpersonation, startSession } from './session-actions.ts';
export { currentUserQueryOptions, useAuthToken, useCurrentUser } from './use-current-user.ts';
export {
  myCompaniesQueryOptions,
  useCompany,
  useCurrentCompany,
  useIsAdmin,
  useIsTeamManager,
  useMayManageEmployees,
  useMyCompanies,
} from './use-current-company.ts';
export { useScoreBands, type ScoreBands } from './use-score-ranges.ts';
export { useBrandedTitle, useCompanyFavicon, useProductName } from './use-product-name.ts';
