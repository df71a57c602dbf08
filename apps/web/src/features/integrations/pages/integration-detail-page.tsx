import { useParams } from 'react-router';
import { IntegrationPage } from '../../settings/index.ts';
import { AzurePage } from './azure-page.tsx';
import { GooglePage } from './google-page.tsx';
import { SlackPage } from './slack-page.tsx';
import { SsoPage } from './sso-page.tsx';
import { TeamsPage } from './teams-page.tsx';

/** /settings/integrations/{name}: the directories, the chat channels and single sign-on each have their page. */
export function IntegrationDetailPage() {
  const { name = '' } = useParams();
  if (name === 'azure') return <AzurePage />;
  if (name === 'google') return <GooglePage />;
  if (name === 'azuresso' || name === 'saml') return <SsoPage product={name} />;
  if (name === 'slack') return <SlackPage />;
  if (name === 'teams') return <TeamsPage />;
  return <IntegrationPage />;
}
