export { IntegrationsOverviewPage } from './pages/integrations-overview-page.tsx';
export { IntegrationDetailPage } from './pages/integration-detail-page.tsx';
export { useChatChannels } from './api/chat.ts';
