import { useParams } from 'react-router';
import { IntegrationPage } from '../../settings/index.ts';
import { AzurePage } from './azure-page.tsx';
import { GooglePage } from './google-page.tsx';

/** /settings/integrations/{name}: the directories have their pages; Slack, Teams and Azure SSO come later. */
export function IntegrationDetailPage() {
  const { name = '' } = useParams();
  if (name === 'azure') return <AzurePage />;
  if (name === 'google') return <GooglePage />;
  return <IntegrationPage />;
}
