import { Button, Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCode, IconPlayerPlay } from '@tabler/icons-react';
import type { PpvStatus } from '@vigil/shared';
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { translateError } from '../../../lib/translate-message.ts';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { supportEmail } from '../../../lib/support-contact.ts';
import { usePpvStatus, useStartPpvTrial } from '../api/ppv.ts';
import { PPV_PATHS } from '../ppv-paths.ts';

/** Spec 1 §8: what a company without PPV sees, with the trial an admin may start (/ppv-trial). */
function NoAccess() {
  const { t } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const trial = useStartPpvTrial(company.company_id);
  const support = supportEmail(company);
  return (
    <Card withBorder maw={640} mx="auto" mt="xl" data-testid="ppv-no-access">
      <Stack gap="md" align="flex-start">
        <IconCode size={32} aria-hidden />
        <Title order={1} fz={24}>
          {t('pages.embed')}
        </Title>
        <Text role="alert">{t('ppv.noAccess', { support })}</Text>
        {isAdmin && (
          <>
            <Text size="sm" c="dimmed">
              {t('ppv.trialOffer')}
            </Text>
            <Button
              leftSection={<IconPlayerPlay size={18} />}
              loading={trial.isPending}
              onClick={() => trial.mutate()}
              data-testid="ppv-start-trial"
            >
              {t('ppv.startTrial')}
            </Button>
            {trial.isError && (
              <Text c="red" size="sm" role="alert">
                {translateError(t, trial.error)}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The embed area's pages: the videos, the views log and the configurator, for a company with PPV. */
export function PpvLayout() {
  const { t } = useTranslation();
  const company = useCompany();
  const status = usePpvStatus(company.company_id);
  const location = useLocation();
  const navigate = useNavigate();
  if (status.isPending) return <PageLoader />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data.enabled) return <NoAccess />;
  const tab = location.pathname.startsWith(PPV_PATHS.usage) ? PPV_PATHS.usage : PPV_PATHS.videos;
  return (
    <Stack gap="lg">
      <Tabs value={tab} onChange={(value) => value && navigate(value)} keepMounted={false}>
        <Tabs.List aria-label={t('pages.embed')}>
          <Tabs.Tab value={PPV_PATHS.videos}>{t('ppv.tabs.videos')}</Tabs.Tab>
          <Tabs.Tab value={PPV_PATHS.usage}>{t('pages.embedUsage')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet context={status.data} />
    </Stack>
  );
}

/** The company's PPV status, loaded by the layout (its pages show only with PPV). */
export const usePpv = () => useOutletContext<PpvStatus>();
