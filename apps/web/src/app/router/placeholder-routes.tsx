import { isCmi5Enabled } from '@vigil/shared';
import type { Icon } from '@tabler/icons-react';
import { IconFileZip } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/coming-soon-page.tsx';
import { RequireCompanyFeature } from '../guards/require-company-feature.tsx';

function Placeholder({ titleKey, icon: PageIcon }: { titleKey: string; icon: Icon }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(titleKey)} icon={<PageIcon />} />;
}

/** Pages that exist in the navigation and are filled by later issues (spec 1 §2). */
export const placeholderRoutes: RouteObject[] = [
  {
    path: 'cmi5',
    element: (
      <RequireCompanyFeature enabled={isCmi5Enabled}>
        <Placeholder titleKey="pages.cmi5" icon={IconFileZip} />
      </RequireCompanyFeature>
    ),
  },
];
