export { IntegrationsOverviewPage } from './pages/integrations-overview-page.tsx';
export { IntegrationDetailPage } from './pages/integration-detail-page.tsx';
