import { useParams } from 'react-router';
import { IntegrationPage } from '../../settings/index.ts';
import { AzurePage } from './azure-page.tsx';
import { GooglePage } from './google-page.tsx';
import { SlackPage } from './slack-page.tsx';
import { TeamsPage } from './teams-page.tsx';

/** /settings/integrations/{name}: the directories and the chat channels have their pages; Azure SSO comes later. */
export function IntegrationDetailPage() {
  const { name = '' } = useParams();
  if (name === 'azure') return <AzurePage />;
  if (name === 'google') return <GooglePage />;
  if (name === 'slack') return <SlackPage />;
  if (name === 'teams') return <TeamsPage />;
  return <IntegrationPage />;
}
