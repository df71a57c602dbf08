import { useParams } from 'react-router';
import { IntegrationPage } from '../../settings/index.ts';
import { AzurePage } from './azure-page.tsx';
import { GooglePage } from './google-page.tsx';
import { SsoPage } from './sso-page.tsx';

/** /settings/integrations/{name}: the directories have their pages; single sign-on has its page; Slack and Teams come later. */
export function IntegrationDetailPage() {
  const { name = '' } = useParams();
  if (name === 'azure') return <AzurePage />;
  if (name === 'google') return <GooglePage />;
  if (name === 'azuresso' || name === 'saml') return <SsoPage product={name} />;
  return <IntegrationPage />;
}
