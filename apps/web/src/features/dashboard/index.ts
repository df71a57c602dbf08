export { DashboardPage } from './dashboard-page.tsx';
export { prefetchDashboard } from './prefetch-dashboard.ts';
