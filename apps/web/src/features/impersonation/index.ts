import { lazy } from 'react';

export { ImpersonationBanner, IMPERSONATION_BANNER_HEIGHT } from './impersonation-banner.tsx';

/** Loaded when a super-admin first opens it. */
export const ImpersonateModal = lazy(() => import('./impersonate-modal.tsx'));

/** The audit of impersonations (/admin/impersonations), for super-admins. */
export const ImpersonationLogPage = lazy(() => import('./impersonation-log-page.tsx'));
