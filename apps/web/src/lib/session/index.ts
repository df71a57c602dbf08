export { companyIdStore, impersonatorTokenStore } from './session-store.ts';
export { sessionKeys } from './session-keys.ts';
export { endSession, selectCompany, signOut, startImpersonation, startSession } from './session-actions.ts';
export { useAuthToken, useCurrentUser } from './use-current-user.ts';
export { useCompany, useCurrentCompany, useIsAdmin, useMyCompanies } from './use-current-company.ts';
