import { Menu } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconReport } from '@tabler/icons-react';
import { DELIVERY_MESSAGES, type TrainingView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadsMenu } from '../../campaigns/index.ts';
import { useAuthToken } from '../../../lib/session/index.ts';
import { trainingReportPath } from '../training-paths.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { downloadOffers, isPdfDownload, reportDownloadUrl } from './report-downloads.ts';

interface DownloadMenuProps {
  companyId: string;
  training: Pick<TrainingView, 'id' | 'selectedUserCount' | 'anonymousTracking'>;
}

/** Spec 2 §7 Direct downloads, and the printable report pages (spec 3 §2.3); for admins. */
export function DownloadMenu({ companyId, training }: DownloadMenuProps) {
  const { t } = useTranslation();
  const token = useAuthToken() ?? '';
  const target = { companyId, trainingId: training.id, token };
  return (
    <DownloadsMenu
      label={t('trainingDelivery.downloads.menu')}
      filesLabel={t('trainingDelivery.downloads.files')}
      width={320}
    >
      {downloadOffers(training).map(({ kind, tooLarge }) => {
        const pdf = isPdfDownload(kind);
        const Icon = pdf ? IconFileTypePdf : IconFileSpreadsheet;
        return tooLarge ? (
          <Menu.Item
            key={kind}
            disabled
            leftSection={<Icon size={16} />}
            title={translateMessage(t, DELIVERY_MESSAGES.tooManyRows)}
          >
            {t(`trainingDelivery.downloads.${kind}`)}
          </Menu.Item>
        ) : (
          <Menu.Item
            key={kind}
            component="a"
            href={reportDownloadUrl(kind, target)}
            target={pdf ? '_blank' : undefined}
            rel={pdf ? 'noopener' : undefined}
            download={pdf ? undefined : true}
            leftSection={<Icon size={16} />}
          >
            {t(`trainingDelivery.downloads.${kind}`)}
          </Menu.Item>
        );
      })}
      <Menu.Divider />
      <Menu.Label>{t('trainingDelivery.downloads.pages')}</Menu.Label>
      <Menu.Item
        component={Link}
        to={trainingReportPath(companyId, training.id, 'summary')}
        leftSection={<IconReport size={16} />}
      >
        {t('trainingDelivery.downloads.reportPage')}
      </Menu.Item>
      {!training.anonymousTracking && (
        <Menu.Item
          component={Link}
          to={trainingReportPath(companyId, training.id, 'users')}
          leftSection={<IconReport size={16} />}
        >
          {t('trainingDelivery.downloads.usersReportPage')}
        </Menu.Item>
      )}
    </DownloadsMenu>
  );
}
