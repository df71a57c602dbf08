import type { Icon } from '@tabler/icons-react';
import { IconCode, IconReceipt } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/coming-soon-page.tsx';

function Placeholder({ titleKey, icon: PageIcon }: { titleKey: string; icon: Icon }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(titleKey)} icon={<PageIcon />} />;
}

const page = (path: string, titleKey: string, icon: Icon): RouteObject => ({
  path,
  element: <Placeholder titleKey={titleKey} icon={icon} />,
});

/** Pages that exist in the navigation and are filled by later issues (spec 1 §2). */
export const placeholderRoutes: RouteObject[] = [
  page('ppv', 'pages.embed', IconCode),
  page('ppv/usage', 'pages.embedUsage', IconReceipt),
];
