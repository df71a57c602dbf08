import { Menu, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconRadar, IconUsers } from '@tabler/icons-react';
import { PHISHING_LIMITS, type PhishingView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Fact } from '../../../components/fact-tile.tsx';
import { formatShortDate } from '../../../lib/format-date.ts';
import { useAuthToken } from '../../../lib/session/index.ts';
import {
  CampaignActionsMenu,
  DetailHeaderFrame,
  DownloadsMenu,
  formatPercent,
  IconCount,
  LatestCampaignsMenu,
} from '../../campaigns/index.ts';
import { phishingFilePaths, useLatestPhishing } from '../api/phishing-api.ts';
import { usePhishingActions } from '../components/use-phishing-actions.ts';
import { PhishingStatusBadge } from '../list/phishing-table.tsx';
import { PHISHING_PATHS } from '../phishing-paths.ts';

/** The results' files as plain links with the token: the employees' CSV and the PDF report. */
function PhishingDownloads({ companyId, id }: { companyId: string; id: string }) {
  const { t } = useTranslation();
  const token = useAuthToken() ?? '';
  const files = phishingFilePaths(companyId, id);
  const href = (path: string) =>
    `/api${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  return (
    <DownloadsMenu
      label={t('phishing.detail.downloads')}
      filesLabel={t('phishing.detail.files')}
      width={240}
      testId="phishing-downloads"
    >
      <Menu.Item
        component="a"
        href={href(files.results)}
        download="phishing-results.csv"
        leftSection={<IconFileSpreadsheet size={16} />}
      >
        {t('phishing.detail.resultsCsv')}
      </Menu.Item>
      <Menu.Item
        component="a"
        href={href(files.employees)}
        download="employees.csv"
        leftSection={<IconFileSpreadsheet size={16} />}
      >
        {t('phishing.detail.csv')}
      </Menu.Item>
      <Menu.Item
        component="a"
        href={href(files.pdf)}
        download="phishing-report.pdf"
        leftSection={<IconFileTypePdf size={16} />}
      >
        {t('phishing.detail.pdf')}
      </Menu.Item>
    </DownloadsMenu>
  );
}

/** A simulation's header: back link, other simulations, name and status, actions and figures. */
export function PhishingDetailHeader({
  view,
  companyId,
  isAdmin,
}: {
  view: PhishingView;
  companyId: string;
  isAdmin: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const latest = useLatestPhishing(companyId);
  const { itemsFor, pendingId } = usePhishingActions(companyId);
  const when = (iso: string | null) => (iso ? formatShortDate(iso, i18n.language) : '—');

  return (
    <DetailHeaderFrame
      backTo={PHISHING_PATHS.list}
      backLabel={t('phishing.detail.back')}
      switcher={
        <LatestCampaignsMenu
          latest={latest}
          currentId={view.id}
          limit={PHISHING_LIMITS.latest}
          buttonLabel={t('phishing.detail.others')}
          title={t('phishing.detail.latest')}
          to={(row) => PHISHING_PATHS.view(row)}
          badge={(row) => <PhishingStatusBadge row={row} />}
          width={320}
          testId="latest-phishing"
        />
      }
      name={view.name}
      badges={<PhishingStatusBadge row={view} />}
      actions={
        <>
          {isAdmin && <PhishingDownloads companyId={companyId} id={view.id} />}
          <CampaignActionsMenu
            campaign={view}
            items={itemsFor(view, { withView: false, onDeleted: () => void navigate(PHISHING_PATHS.list) })}
            isAdmin={isAdmin}
            loading={pendingId === view.id}
          />
        </>
      }
      figureCols={{ base: 2, sm: 4, lg: 8 }}
      figuresTestId="phishing-figures"
      figures={
        <>
          <Fact
            label={t('phishing.figures.recipients')}
            value={<IconCount icon={IconUsers} value={view.recipients} />}
          />
          <Fact label={t('phishing.figures.sent')} value={view.sent} />
          <Fact
            label={t('phishing.figures.phishProne')}
            value={
              <span data-testid="figure-phish-prone">
                {formatPercent(view.phishPronePercent, t('phishing.notAvailable'))}
              </span>
            }
          />
          <Fact
            label={t('phishing.figures.clicked')}
            value={<span data-testid="figure-clicked">{view.clicked}</span>}
          />
          <Fact
            label={t('phishing.figures.scanner')}
            value={
              <span data-testid="figure-scanner">
                <IconCount icon={IconRadar} value={view.scannerEvents} />
              </span>
            }
          />
          <Fact label={t('phishing.figures.submitted')} value={view.submitted} />
          <Fact
            label={t('phishing.figures.reported')}
            value={<span data-testid="figure-reported">{view.reported}</span>}
          />
          <Fact
            label={t('phishing.figures.window')}
            value={
              <Text size="sm" fw={600} span>
                {when(view.sendWindow.start)} – {when(view.windowEnd)}
              </Text>
            }
          />
        </>
      }
    />
  );
}
